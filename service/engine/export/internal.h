/* What export.c and terraform.c share; not for other callers. */
#ifndef GPUREC_EXPORT_INTERNAL_H
#define GPUREC_EXPORT_INTERNAL_H

#include <stdbool.h>
#include <stddef.h>

#include "base/buf.h"
#include "engine/export/export.h"

/* A pick checked and resolved by export_write before any byte is written. */
typedef struct export_plan {
    const export_pick *pick;
    const char *machine_type; /* the instance type as the provider's API names it (GCP n1 types lose their GPU suffix) */
    char name[EXPORT_JOB_NAME_MAX + 1];
    unsigned disk_gb;
    unsigned gpus; /* whole GPUs per node for a device limit: 1 for a slice */
    bool spot;
    bool slice; /* a fraction of one GPU */
} export_plan;

/* Appends text as a double-quoted YAML scalar ("a\"b"). */
void export_yaml_str(bytebuf *out, const char *text);
/* Appends text as a quoted HCL string, with ${ and %{ escaped so no template runs. */
void export_hcl_str(bytebuf *out, const char *text);
/* The first comment line every format opens with, after prefix ("# "). */
void export_headline(bytebuf *out, const export_plan *plan);

/* 0, or EXPORT_EUNSUPPORTED with a message, before export_terraform writes anything. */
int export_terraform_check(const export_plan *plan, char *err, size_t err_len);
void export_terraform(const export_plan *plan, bytebuf *out);
/* Writes the provider block and resources of one provider's Terraform configuration. */
typedef void (*tf_writer)(const export_plan *plan, bytebuf *out);
/* The writer for a provider id, or NULL when there is none (tests tie these to vocab_adapters). */
tf_writer export_terraform_writer(const char *provider_id);

#endif
