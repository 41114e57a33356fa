#include "cli/table.h"

#include <stdbool.h>
#include <stdlib.h>
#include <string.h>

#include "base/util.h"

void table_init(cli_table *t, size_t columns, const char *const *headers, const char *align)
{
    memset(t, 0, sizeof *t);
    t->columns = columns < TABLE_MAX_COLUMNS ? columns : TABLE_MAX_COLUMNS;
    for (size_t c = 0; c < t->columns; c++) {
        t->headers[c] = headers[c];
        t->align[c] = align != NULL && strlen(align) > c ? align[c] : 'l';
    }
}

void table_add(cli_table *t, const char *const *cells)
{
    if (t->rows == t->cap) {
        t->cap = t->cap ? t->cap * 2 : 16;
        t->cells = xrealloc(t->cells, t->cap * TABLE_MAX_COLUMNS * sizeof *t->cells);
    }
    for (size_t c = 0; c < t->columns; c++)
        t->cells[t->rows * TABLE_MAX_COLUMNS + c] = xstrdup(cells[c] != NULL ? cells[c] : "-");
    t->rows++;
}

/* Characters a terminal shows for the text: UTF-8 continuation bytes take no column. */
static size_t display_width(const char *text)
{
    size_t width = 0;
    for (const unsigned char *c = (const unsigned char *)text; *c != '\0'; c++)
        width += (*c & 0xC0) != 0x80;
    return width;
}

static void print_cell(FILE *out, const char *text, size_t width, char align, bool last)
{
    size_t pad = width - display_width(text);
    if (align == 'r')
        fprintf(out, "%*s%s", (int)pad, "", text);
    else if (last)
        fputs(text, out);
    else
        fprintf(out, "%s%*s", text, (int)pad, "");
}

void table_print(const cli_table *t, FILE *out, const char *indent)
{
    size_t widths[TABLE_MAX_COLUMNS] = {0};
    for (size_t c = 0; c < t->columns; c++) {
        widths[c] = display_width(t->headers[c]);
        for (size_t r = 0; r < t->rows; r++) {
            size_t w = display_width(t->cells[r * TABLE_MAX_COLUMNS + c]);
            widths[c] = w > widths[c] ? w : widths[c];
        }
    }
    for (size_t r = 0; r <= t->rows; r++) {
        fputs(indent, out);
        for (size_t c = 0; c < t->columns; c++) {
            const char *text = r == 0 ? t->headers[c] : t->cells[(r - 1) * TABLE_MAX_COLUMNS + c];
            if (c > 0)
                fputs("  ", out);
            print_cell(out, text, widths[c], t->align[c], c + 1 == t->columns);
        }
        fputc('\n', out);
    }
}

void table_free(cli_table *t)
{
    for (size_t r = 0; r < t->rows; r++)
        for (size_t c = 0; c < t->columns; c++)
            free(t->cells[r * TABLE_MAX_COLUMNS + c]);
    free(t->cells);
    memset(t, 0, sizeof *t);
}

const char *table_number(const json_t *value, int decimals, char *buf, size_t len)
{
    if (!json_is_number(value))
        snprintf(buf, len, "-");
    else
        snprintf(buf, len, "%.*f", decimals, json_number_value(value));
    return buf;
}

const char *table_usd(const json_t *value, char *buf, size_t len)
{
    double usd = json_number_value(value);
    return table_number(value, json_is_number(value) && usd < 1 && usd > -1 ? 4 : 2, buf, len);
}
