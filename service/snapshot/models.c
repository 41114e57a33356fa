#include "snapshot/models.h"

#include <string.h>

static const char *const attention_kind_names[ATTENTION_COUNT] = {
    [ATTENTION_MHA] = "mha",
    [ATTENTION_GQA] = "gqa",
    [ATTENTION_MQA] = "mqa",
    [ATTENTION_MLA] = "mla",
};

const char *attention_kind_name(attention_kind kind)
{
    return (unsigned)kind < ATTENTION_COUNT ? attention_kind_names[kind] : NULL;
}

int attention_kind_parse(const char *name, attention_kind *out)
{
    if (!name)
        return -1;
    for (int k = 0; k < ATTENTION_COUNT; k++) {
        if (strcmp(name, attention_kind_names[k]) == 0) {
            *out = (attention_kind)k;
            return 0;
        }
    }
    return -1;
}
