/* Plain text tables for terminals and scripts alike: aligned columns separated by two spaces, no colour and no
 * terminal detection, so the output is the same on a terminal, in a pipe and in a file. */
#ifndef GPUREC_CLI_TABLE_H
#define GPUREC_CLI_TABLE_H

#include <stddef.h>
#include <stdio.h>

#include <jansson.h>

#define TABLE_MAX_COLUMNS 16

typedef struct cli_table {
    size_t columns;
    const char *headers[TABLE_MAX_COLUMNS]; /* borrowed */
    char align[TABLE_MAX_COLUMNS];          /* 'l' or 'r' */
    char **cells;                           /* rows x columns, each owned */
    size_t rows, cap;
} cli_table;

/* A table of the columns named in headers (borrowed; at most TABLE_MAX_COLUMNS) aligned as align says, one letter a
 * column: 'l' left, 'r' right (numbers). Free with table_free(). */
void table_init(cli_table *t, size_t columns, const char *const *headers, const char *align);
/* Adds a row: exactly t->columns strings (copied; NULL prints "-"). */
void table_add(cli_table *t, const char *const *cells);
/* The header and the rows, each line starting with indent; a column is as wide as its widest cell (in UTF-8
 * characters), the last one unpadded. */
void table_print(const cli_table *t, FILE *out, const char *indent);
void table_free(cli_table *t);

/* A JSON number as text with the given decimals into buf ("-" when value is NULL or not a number); returns buf. */
const char *table_number(const json_t *value, int decimals, char *buf, size_t len);
/* US dollars: 2 decimals, 4 below one dollar, "-" when not a number; returns buf. */
const char *table_usd(const json_t *value, char *buf, size_t len);

#endif
