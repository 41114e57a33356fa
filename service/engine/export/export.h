/* Deployable text for one pick (a provider's instance type in a region, under a pricing model, on some nodes): a
 * SkyPilot task, a Terraform configuration, or Kubernetes manifests. Pure text generation: no I/O, and no allocation
 * but the caller's buffer. The tables are constant; any thread may call these functions.
 *
 * Every text is valid in its language (the strings quoted and escaped), says in a leading comment what it is for,
 * and leaves what only the user knows (images, keys, networks) to variables or placeholders. */
#ifndef GPUREC_EXPORT_H
#define GPUREC_EXPORT_H

#include <stddef.h>

#include "base/buf.h"
#include "base/vocab.h"
#include "snapshot/catalog.h"

typedef enum {
    EXPORT_SKYPILOT,
    EXPORT_TERRAFORM,
    EXPORT_KUBERNETES,
    EXPORT_FORMAT_COUNT
} export_format;

/* Returned by export_write. Both are the caller's mistake (a 4xx at the HTTP face), told apart so that a malformed
 * pick (400) differs from a well-formed one that the format cannot express (422). */
#define EXPORT_EINVAL (-1)      /* a field of the pick is missing or malformed */
#define EXPORT_EUNSUPPORTED (-2) /* the format has no way to deploy this provider, pricing model or GPU */

/* SkyPilot's own default OS disk, DEFAULT_DISK_SIZE_GB in sky/resources.py
 * (https://docs.skypilot.co/en/latest/_modules/sky/resources.html): every format gets the disk SkyPilot would give. */
#define EXPORT_DEFAULT_DISK_GB 256u
/* The longest job name: a Kubernetes object name and a Compute Engine instance name are both 63 characters at most,
 * and multi-node names take a "-<index>" suffix. */
#define EXPORT_JOB_NAME_MAX 50u

typedef struct export_pick {
    const char *provider_id;   /* "aws", as in catalog_provider.id */
    const char *instance_type; /* "p5.48xlarge", as in catalog_instance.id */
    const char *region_id;     /* "us-east-1", as in catalog_region.id */
    pricing_model pricing;     /* spot when interruptible; the other models deploy as on-demand capacity */
    unsigned nodes;            /* instances, 1 or more */
    double gpus_per_node;      /* whole GPUs, or below 1 for a slice of one (then the instance type alone selects it) */
    const catalog_gpu *gpu;    /* borrowed; its id names the accelerator, its vendor the device plugin resource */
    const catalog_instance *instance; /* borrowed, may be NULL; its cluster_network decides EFA on AWS */
    unsigned disk_gb;          /* boot disk; 0 means EXPORT_DEFAULT_DISK_GB */
    /* NULL: "gpurec-" and the instance type in lower case. Else 1 to EXPORT_JOB_NAME_MAX of [a-z0-9-], starting with a
     * letter and ending with a letter or digit (a Kubernetes name and a Compute Engine name alike). */
    const char *job_name;
} export_pick;

/* "skypilot", "terraform", "kubernetes"; NULL for an out-of-range value. */
const char *export_format_name(export_format f);
/* 0 and *out set when name is a format, else -1. */
int export_format_parse(const char *name, export_format *out);
/* The Content-Type of a format's text; NULL for an out-of-range value. */
const char *export_media_type(export_format f);
/* The format names joined by ", " into out; returns out (64 bytes hold the list). */
char *export_format_list(char *out, size_t out_len);

/* Appends the text of pick in format f to out and returns 0. On an error nothing is appended: returns EXPORT_EINVAL
 * or EXPORT_EUNSUPPORTED with a message naming the field, provider or GPU in err. pick, its strings and its catalog
 * rows are borrowed for the call only. */
int export_write(const export_pick *pick, export_format f, bytebuf *out, char *err, size_t err_len);
/* What export_write would return for pick in format f, without writing: 0 when the format can deploy it. */
int export_check(const export_pick *pick, export_format f, char *err, size_t err_len);
/* usable[f]: export_check(pick, f) passes, for every format, the pick checked once. */
void export_usable_formats(const export_pick *pick, bool usable[EXPORT_FORMAT_COUNT]);

#endif
