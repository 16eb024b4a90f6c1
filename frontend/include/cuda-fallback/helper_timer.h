/*
 * helper_timer.h -- a stand-in for the CUDA samples' timer header of this
 * name (see helper_cuda.h beside it): a stopwatch on the monotonic clock
 * behind the sdk*Timer calls, for host code gpumc compiles and never runs.
 * Written for gpumc.
 */
#ifndef GPUMC_HELPER_TIMER_H
#define GPUMC_HELPER_TIMER_H

#include <time.h>

class StopWatchInterface {
public:
    StopWatchInterface() {}
    virtual ~StopWatchInterface() {}
    virtual void start() = 0;
    virtual void stop() = 0;
    virtual void reset() = 0;
    virtual float getTime() = 0;        /* ms: the runs so far, and the one under way */
    virtual float getAverageTime() = 0; /* ms per finished run */
};

class StopWatchLinux : public StopWatchInterface {
public:
    StopWatchLinux() : started_(0), running_(false), total_(0), runs_(0) {}
    void start() override
    {
        started_ = now_ms();
        running_ = true;
    }
    void stop() override
    {
        if (!running_)
            return;
        total_ += now_ms() - started_;
        running_ = false;
        runs_++;
    }
    void reset() override
    {
        total_ = 0;
        runs_ = 0;
        if (running_)
            started_ = now_ms();
    }
    float getTime() override { return (float)(total_ + (running_ ? now_ms() - started_ : 0)); }
    float getAverageTime() override { return runs_ ? (float)(total_ / runs_) : 0.0f; }

private:
    static double now_ms()
    {
        struct timespec ts;
        clock_gettime(CLOCK_MONOTONIC, &ts);
        return ts.tv_sec * 1e3 + ts.tv_nsec / 1e6;
    }
    double started_;
    bool running_;
    double total_;
    unsigned runs_;
};

inline bool sdkCreateTimer(StopWatchInterface **timer)
{
    *timer = new StopWatchLinux();
    return *timer != nullptr;
}
inline bool sdkDeleteTimer(StopWatchInterface **timer)
{
    delete *timer;
    *timer = nullptr;
    return true;
}
inline bool sdkStartTimer(StopWatchInterface **timer)
{
    if (*timer)
        (*timer)->start();
    return true;
}
inline bool sdkStopTimer(StopWatchInterface **timer)
{
    if (*timer)
        (*timer)->stop();
    return true;
}
inline bool sdkResetTimer(StopWatchInterface **timer)
{
    if (*timer)
        (*timer)->reset();
    return true;
}
inline float sdkGetAverageTimerValue(StopWatchInterface **timer)
{
    return *timer ? (*timer)->getAverageTime() : 0.0f;
}
inline float sdkGetTimerValue(StopWatchInterface **timer)
{
    return *timer ? (*timer)->getTime() : 0.0f;
}

#endif
