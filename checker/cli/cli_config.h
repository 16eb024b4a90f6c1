/*
 * cli_config.h -- the --config=FILE.json launch configuration.
 *
 * Contract: cli_config_apply() reads the JSON object in o->config and fills
 * only what the command line left unset: the command line always wins.
 * Launch sizes go by group -- if the command line gave any of --grid,
 * --num-groups, --global-size the file's grid/num_groups/global_size are
 * ignored; likewise block/local_size -- so a file never half-overrides a
 * launch.  Kernel arguments merge by name.  Keys (docs/cli.md):
 *   kernel, grid, block, num_groups, global_size, local_size, gpus, unroll,
 *   model, args {NAME: VALUE}, compiler_args [..].
 * Returns CLI_EXIT_OK or CLI_EXIT_USAGE with a message in err.  A config
 * file is a regular file of at most CLI_CONFIG_MAX bytes: anything else
 * (a FIFO, a device, a directory, a huge file) is refused unread.
 */
#ifndef GPUMC_CLI_CONFIG_H
#define GPUMC_CLI_CONFIG_H

#include <cjson/cJSON.h>

#include "cli_opts.h"

#define CLI_CONFIG_MAX ((size_t)1 << 20)

int cli_config_apply(cli_opts *o, char *err, size_t errsz);

/* The usage error of a config file futil_read_regular() refused (errno
 * says why): CLI_EXIT_USAGE with the message in err. */
int cli_config_read_error(const char *path, char *err, size_t errsz);

/* The same for a parsed object (a `gpumc check` kernel entry), ignoring
 * the keys listed in skip (NULL-terminated; may be NULL).  Error messages
 * start with "config: " for the caller to say where the object is. */
int cli_config_apply_object(cli_opts *o, const cJSON *obj,
                            const char *const *skip, char *err, size_t errsz);

#endif
