/*
 * nvtx3/nvToolsExt.h -- NVIDIA's profiler annotations (NVTX) for gpumc: host
 * code marks and names ranges for a profiler; gpumc compiles host code and
 * never runs it, so these are declarations that do nothing.
 */
#ifndef GPUMC_NVTOOLSEXT_H
#define GPUMC_NVTOOLSEXT_H

#include <stdint.h>

#define NVTX_VERSION 3
#define NVTX_EVENT_ATTRIB_STRUCT_SIZE ((uint16_t)sizeof(nvtxEventAttributes_t))

typedef enum nvtxColorType_t { NVTX_COLOR_UNKNOWN = 0, NVTX_COLOR_ARGB = 1 } nvtxColorType_t;
typedef enum nvtxMessageType_t {
    NVTX_MESSAGE_UNKNOWN = 0, NVTX_MESSAGE_TYPE_ASCII = 1, NVTX_MESSAGE_TYPE_UNICODE = 2,
    NVTX_MESSAGE_TYPE_REGISTERED = 3
} nvtxMessageType_t;
typedef enum nvtxPayloadType_t {
    NVTX_PAYLOAD_UNKNOWN = 0, NVTX_PAYLOAD_TYPE_UNSIGNED_INT64 = 1, NVTX_PAYLOAD_TYPE_INT64 = 2,
    NVTX_PAYLOAD_TYPE_DOUBLE = 3, NVTX_PAYLOAD_TYPE_UNSIGNED_INT32 = 4, NVTX_PAYLOAD_TYPE_INT32 = 5,
    NVTX_PAYLOAD_TYPE_FLOAT = 6
} nvtxPayloadType_t;
typedef union nvtxMessageValue_t {
    const char *ascii;
    const wchar_t *unicode;
} nvtxMessageValue_t;
typedef struct nvtxEventAttributes_t {
    uint16_t version, size;
    uint32_t category;
    int32_t colorType;
    uint32_t color;
    int32_t payloadType, reserved0;
    union { uint64_t ullValue; int64_t llValue; double dValue; uint32_t uiValue; int32_t iValue; float fValue; } payload;
    int32_t messageType;
    nvtxMessageValue_t message;
} nvtxEventAttributes_t;
typedef uint64_t nvtxRangeId_t;
typedef struct nvtxDomainRegistration_st *nvtxDomainHandle_t;
typedef struct nvtxStringRegistration_st *nvtxStringHandle_t;

static inline int nvtxRangePushA(const char *) { return 0; }
static inline int nvtxRangePushW(const wchar_t *) { return 0; }
static inline int nvtxRangePushEx(const nvtxEventAttributes_t *) { return 0; }
static inline int nvtxRangePop(void) { return 0; }
static inline nvtxRangeId_t nvtxRangeStartA(const char *) { return 0; }
static inline nvtxRangeId_t nvtxRangeStartEx(const nvtxEventAttributes_t *) { return 0; }
static inline void nvtxRangeEnd(nvtxRangeId_t) {}
static inline void nvtxMarkA(const char *) {}
static inline void nvtxMarkEx(const nvtxEventAttributes_t *) {}
static inline void nvtxNameOsThreadA(uint32_t, const char *) {}
static inline void nvtxNameCategoryA(uint32_t, const char *) {}
static inline nvtxDomainHandle_t nvtxDomainCreateA(const char *) { return 0; }
static inline void nvtxDomainDestroy(nvtxDomainHandle_t) {}
static inline int nvtxDomainRangePushEx(nvtxDomainHandle_t, const nvtxEventAttributes_t *) { return 0; }
static inline int nvtxDomainRangePop(nvtxDomainHandle_t) { return 0; }
static inline void nvtxDomainMarkEx(nvtxDomainHandle_t, const nvtxEventAttributes_t *) {}
static inline nvtxStringHandle_t nvtxDomainRegisterStringA(nvtxDomainHandle_t, const char *) { return 0; }

/* The generic names, as NVTX defines them without UNICODE. */
#define nvtxRangePush nvtxRangePushA
#define nvtxRangeStart nvtxRangeStartA
#define nvtxMark nvtxMarkA
#define nvtxNameOsThread nvtxNameOsThreadA
#define nvtxNameCategory nvtxNameCategoryA
#define nvtxDomainCreate nvtxDomainCreateA
#define nvtxDomainRegisterString nvtxDomainRegisterStringA

#endif
