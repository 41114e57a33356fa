/* The command line for terminals and scripts: `gpurec recommend | estimate | export | models | gpus [flags]`, on the
 * engine of the HTTP API, answered from the local database or, with --server URL, by a running service. A table by
 * default, --json for the service's own JSON; `gpurec COMMAND --help` lists a command's flags (flags.h). */
#ifndef GPUREC_CLI_H
#define GPUREC_CLI_H

#include "base/config.h"

/* Exit statuses, the same for every command. */
#define CLI_EXIT_FOUND 0       /* an answer with something in it */
#define CLI_EXIT_NOTHING 1     /* a valid request that nothing fits (no recommendation, no item listed) */
#define CLI_EXIT_BAD_INPUT 2   /* a flag, a value or the request is wrong; the message names the flag */
#define CLI_EXIT_UNAVAILABLE 3 /* the database cannot be opened, or the server cannot be reached or fails */

/* Runs cfg->command (a catalog command, config_is_catalog_command()) with the arguments after its command word,
 * argv[0..argc). Prints the answer on stdout and errors on stderr; returns one of the exit statuses above. cfg may be
 * changed by a setting's flag among the arguments (--db). */
int cli_main(config *cfg, int argc, char **argv);

#endif
