#include "engine/perf/finetune_memory.h"

#include <math.h>
#include <string.h>

#include "engine/perf/model.h"

#define BYTES_PER_GB 1e9
#define PER_BILLION 1e9

static const char *const framework_names[FRAMEWORK_COUNT] = {
    [FRAMEWORK_TRANSFORMERS] = "transformers",
    [FRAMEWORK_UNSLOTH] = "unsloth",
    [FRAMEWORK_TORCHTUNE] = "torchtune",
};

const char *training_framework_name(training_framework f)
{
    return (unsigned)f < FRAMEWORK_COUNT ? framework_names[f] : NULL;
}

/* What a stack keeps per token and once. Bytes per token are per unit of hidden size (x hidden) or of vocabulary
 * (x vocab), at 16-bit activations.
 *
 * Transformers + PEFT + FlashAttention-2 (the default):
 *   - gradient checkpointing keeps each layer's 16-bit input, 2 x hidden per layer, and rebuilds one layer at a time:
 *     34 x hidden with FlashAttention's attention (Korthikanti et al., arXiv:2205.05198, section 4); without it every
 *     layer keeps its 34 x hidden. PEFT's prepare_model_for_kbit_training() turns checkpointing on for QLoRA
 *     (use_gradient_checkpointing=True by default; huggingface/peft, src/peft/utils/other.py).
 *   - logits and loss: LlamaForCausalLM computes the 16-bit logits and upcasts them (`logits = logits.float()`,
 *     huggingface/transformers, models/llama/modeling_llama.py, 4.4x); cross-entropy keeps its FP32 log-softmax and
 *     the backward pass an FP32 and a 16-bit gradient: 2 + 4 + 4 + 4 + 2 = 16 x vocab per token (12 when everything
 *     is FP32 already: logits, log-softmax, gradient).
 *   - working set 2.7 GB: the Unsloth README's context table (github.com/unslothai/unsloth, README.md, "Context length
 *     benchmarks", Llama 3.1 8B QLoRA rank 32, column "Hugging Face + FA2") fills 12 GB at 932 tokens and 80 GB at
 *     28,454: 2.47 MB per token (this profile's 2.45) on 9.7 GB once, of which NF4 weights with 16-bit embeddings and
 *     the rank-32 adapters' AdamW state make 7.0; the rest is CUDA's context, cuBLAS workspaces and the caching
 *     allocator's slack.
 * Unsloth (its README's own column of the same table: 8 GB at 2,972 tokens, 24 GB at 78,475, 80 GB at 342,733 for
 * Llama 3.1 8B; 48 GB at 12,106 and 80 GB at 89,389 for Llama 3.3 70B):
 *   - checkpoints offloaded to host memory ("Unsloth gradient checkpointing"), a fused, chunked cross-entropy that
 *     never holds the whole logits: what grows per token is one layer's working set, 0.212 MB per token at hidden
 *     4,096 and 0.414 MB at 8,192, i.e. 51.7 and 50.5 x hidden: 51 x hidden.
 *   - working set 0.4 GB: 7.37 GB at zero tokens for the 8B against 7.0 GB of weights and adapter state.
 * torchtune (the Llama 3.1 recipe configs, recipes/configs/llama3_1/, of github.com/pytorch/torchtune): activation checkpointing on in every
 * single-device and distributed config, CEWithChunkedOutputLoss (8 chunks: the 16-bit logits, 2 x vocab, and one
 * chunk's FP32 work at a time, 12 x vocab / 8), full fine-tuning with bitsandbytes' PagedAdamW8bit applied in the
 * backward pass (optimizer_in_bwd: no gradients kept; two 8-bit states, 2 bytes per parameter). The chunked loss
 * is done, and its buffers freed, before the backward pass rebuilds the first layer, so a token's peak is the
 * checkpoints plus the larger of the two. No working set: torchtune reports the caching allocator's peak
 * (torch.cuda.max_memory_allocated and _reserved, torchtune/training/memory.py, get_memory_stats), which leaves out
 * the CUDA context. */
typedef struct stack_profile {
    double checkpoint_bytes_per_layer; /* x hidden, per token, kept per layer under checkpointing */
    double working_layer_bytes;        /* x hidden, per token, the one layer rebuilt */
    double logits_bytes;               /* x vocab, per token */
    double working_set_gb;
    bool always_checkpoints;
    bool logits_apart; /* the loss's buffers are freed before the first layer is rebuilt: the peak is the larger */
    double full_trainable_bytes; /* per parameter beyond the weights, full training: 0 = AdamW mixed precision */
} stack_profile;

#define KORTHIKANTI_LAYER_BYTES 34.0

static const stack_profile profiles[FRAMEWORK_COUNT] = {
    [FRAMEWORK_TRANSFORMERS] = {2.0, KORTHIKANTI_LAYER_BYTES, 16.0, 2.7, false, false, 0.0},
    [FRAMEWORK_UNSLOTH] = {0.0, 51.0, 0.0, 0.4, true, false, 0.0},
    [FRAMEWORK_TORCHTUNE] = {2.0, KORTHIKANTI_LAYER_BYTES, 2.0 + 12.0 / 8.0, 0.0, true, true, 2.0},
};

/* Rajbhandari et al., "ZeRO" (arXiv:1910.02054), section 3.1: mixed-precision AdamW holds 16 bytes per trained
 * parameter (16-bit weights and gradients, FP32 master weights, momentum and variance); pure FP32 is 4 + 4 + 8, also
 * 16. LoRA adapters train the same way (QLoRA keeps them in bf16 with a paged AdamW, Dettmers et al.,
 * arXiv:2305.14314, section 3). */
#define ADAMW_BYTES_PER_PARAM 16.0

static bool wide(precision p)
{
    return p == PRECISION_FP64 || p == PRECISION_FP32 || p == PRECISION_TF32;
}

/* QLoRA quantises the linear layers of the decoder blocks; the token embeddings and the output projection stay in
 * 16 bits (Transformers' bitsandbytes integration keeps lm_head unquantised, `llm_int8_skip_modules`; nn.Embedding is
 * not a linear layer). */
static double weights_gb(const model_arch *a, const finetune_job *job)
{
    if (!job->nf4_weights)
        return a->params_b * PER_BILLION * model_weight_bytes(job->precision) / BYTES_PER_GB;
    double embeddings = (double)a->vocab_size * a->hidden_size * (a->tied_embeddings ? 1.0 : 2.0);
    double quantised = a->params_b * PER_BILLION - embeddings;
    if (quantised < 0)
        quantised = 0;
    return (quantised * model_nf4_weight_bytes() + embeddings * 2.0) / BYTES_PER_GB;
}

int finetune_memory_estimate(const model_arch *a, const finetune_job *job, finetune_memory *out)
{
    memset(out, 0, sizeof *out);
    if (a == NULL || job == NULL || (unsigned)job->framework >= FRAMEWORK_COUNT || !(a->params_b > 0) ||
        a->layers <= 0 || a->hidden_size <= 0 || !(job->batch > 0) || !(job->sequence > 0) ||
        !isfinite(model_weight_bytes(job->precision)))
        return -1;
    const stack_profile *s = &profiles[job->framework];
    double params = a->params_b * PER_BILLION, h = a->hidden_size, width = wide(job->precision) ? 2.0 : 1.0;
    out->weights_gb = weights_gb(a, job);
    if (job->trains_weights)
        out->trainable_gb = s->full_trainable_bytes > 0 ? params * s->full_trainable_bytes / BYTES_PER_GB
                                                        : params * ADAMW_BYTES_PER_PARAM / BYTES_PER_GB -
                                                              out->weights_gb;
    else
        out->trainable_gb = job->adapter_params_b * PER_BILLION * ADAMW_BYTES_PER_PARAM / BYTES_PER_GB;
    out->checkpointing = job->gradient_checkpointing || s->always_checkpoints ||
                         (job->framework == FRAMEWORK_TRANSFORMERS && job->nf4_weights);
    double logits_bytes = (double)a->vocab_size * (wide(job->precision) && job->framework == FRAMEWORK_TRANSFORMERS
                                                       ? 12.0
                                                       : s->logits_bytes);
    double working_layer = h * s->working_layer_bytes * width;
    if (s->logits_apart) { /* only what the rebuilt layer needs beyond the loss's buffers */
        working_layer = working_layer > logits_bytes ? working_layer - logits_bytes : 0.0;
    }
    double activation_bytes = out->checkpointing ? h * s->checkpoint_bytes_per_layer * a->layers * width + working_layer
                                                 : h * KORTHIKANTI_LAYER_BYTES * a->layers * width;
    double per_token = (activation_bytes + logits_bytes) / BYTES_PER_GB;
    double tokens = job->batch * job->sequence;
    out->activations_gb = activation_bytes * tokens / BYTES_PER_GB;
    out->logits_gb = logits_bytes * tokens / BYTES_PER_GB;
    out->working_set_gb = s->working_set_gb;
    out->fixed_gb = out->weights_gb + out->trainable_gb + out->working_set_gb;
    out->per_token_gb = per_token;
    out->total_gb = out->fixed_gb + out->activations_gb + out->logits_gb;
    return 0;
}

double finetune_memory_longest_sequence(const finetune_memory *m, double batch, double memory_gb)
{
    if (!(batch > 0) || !(m->per_token_gb > 0) || !(memory_gb > m->fixed_gb))
        return 0.0;
    return floor((memory_gb - m->fixed_gb) / (m->per_token_gb * batch));
}
