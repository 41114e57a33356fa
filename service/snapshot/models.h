/* The models catalogue as the snapshot holds it: one row per open model (migrations/0006_models.sql, each row's
 * figures from its config.json), immutable once published like the rest of the snapshot. The architecture struct is
 * what the sizing engine computes from (engine/perf/model.h); it is data only, so it lives here with the catalogue. */
#ifndef GPUREC_SNAPSHOT_MODELS_H
#define GPUREC_SNAPSHOT_MODELS_H

#include <stdbool.h>

typedef enum { ATTENTION_MHA, ATTENTION_GQA, ATTENTION_MQA, ATTENTION_MLA, ATTENTION_COUNT } attention_kind;
/* The figures of one decoder-only transformer, as the models table holds them (column names alike). A zero member is
 * "none" where the table allows NULL (intermediate_size of an all-MoE model, the MLA ranks of a non-MLA model, no
 * sliding window). */
typedef struct model_arch {
    const char *id; /* the catalogue's id, or NULL for a custom or estimated shape (borrowed) */
    double params_b;        /* total, as published */
    double active_params_b; /* per token; = params_b for a dense model */
    int layers;
    int hidden_size;
    int intermediate_size;     /* dense MLP width */
    int moe_intermediate_size; /* one expert's width */
    bool gated_mlp;            /* three matrices (SwiGLU/GeGLU) rather than two */
    int attention_heads;
    int kv_heads;
    int head_dim;
    attention_kind attention;
    int q_lora_rank; /* MLA */
    int kv_lora_rank;
    int qk_nope_head_dim;
    int qk_rope_head_dim;
    int v_head_dim;
    int experts;           /* routed experts per MoE layer; 0 = dense */
    int shared_experts;
    int experts_per_token;
    int dense_layers;      /* leading dense layers of an MoE model */
    bool tied_embeddings;
    int vocab_size;
    long max_context;          /* tokens; 0 = not known (an estimated shape) */
    int sliding_window;        /* tokens; 0 = none */
    int sliding_window_layers; /* layers using it */
    bool estimated; /* the shape was estimated from a parameter count (model_arch_estimate) */
} model_arch;

/* "mha", "gqa", "mqa", "mla"; NULL out of range. */
const char *attention_kind_name(attention_kind kind);
int attention_kind_parse(const char *name, attention_kind *out);

/* One catalogued model. Strings are the snapshot's (owned by its arena). */
typedef struct catalog_model {
    const char *id; /* "llama-3.1-70b" */
    const char *name;
    const char *family;
    const char *license;
    const char *sources_json; /* a JSON array of URLs, as stored */
    int release_year;
    model_arch arch; /* arch.id points at id */
} catalog_model;

#endif
