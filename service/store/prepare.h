/* The database made ready for use: opened (created when missing), every pending migration applied, and the catalog
 * loaded from it. What `gpurec serve` does at start, and what the one-shot commands do before they answer. */
#ifndef GPUREC_PREPARE_H
#define GPUREC_PREPARE_H

#include <stddef.h>

#include "base/config.h"
#include "snapshot/catalog.h"

/* Opens cfg->db_path, applies the migrations of cfg->migrations_dir and, when out is not NULL, loads the catalog into
 * *out (caller releases it with catalog_release()). Returns 0, or -1 with a message in err. */
int store_prepare(const config *cfg, catalog **out, char *err, size_t err_len);

#endif
