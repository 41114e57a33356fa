/* The recommendation engine's own parts (request, rank, answer), shared by the files of engine/recommend/ alone.
 *
 * A request is parsed and checked against the snapshot (request.c), its candidates are walked and the best
 * kept (rank.c, scored and priced by score.c), and the answer is written (answer.c);
 * recommend.c runs the three in order. */
#ifndef GPUREC_RECOMMEND_INTERNAL_H
#define GPUREC_RECOMMEND_INTERNAL_H

#include <stdbool.h>
#include <stddef.h>

#include <jansson.h>

#include "base/topk.h"
#include "engine/recommend/recommend.h"
#include "engine/perf/model.h"
#include "engine/perf/plan.h"
#include "engine/perf/serving.h"
#include "engine/perf/sizing.h"
#include "engine/perf/work.h"
#include "snapshot/catalog.h"
#include "wire/jsonw.h"
#include "wire/problem.h"

#define COUNT_OF(a) (sizeof(a) / sizeof((a)[0]))

typedef enum { OBJECTIVE_COST, OBJECTIVE_TIME, OBJECTIVE_BALANCED, OBJECTIVE_EFFICIENCY, OBJECTIVE_COUNT } objective;

extern const char *const recommend_objective_names[OBJECTIVE_COUNT];

/* Limits on what a client may send: wide enough for any real job, narrow enough that arithmetic stays finite. */
#define MAX_MODEL_PARAMS_B 100000.0 /* 100 trillion parameters */
#define MAX_TOKENS_B 1000000.0      /* a quadrillion tokens */
#define MAX_BATCH_SIZE 1000000
#define MAX_SEQUENCE_LENGTH 100000000
#define MAX_GPU_MEMORY_GB 10000000.0
#define MAX_GPUS 100000
#define MAX_JOB_HOURS 87600.0 /* ten years */
#define MAX_HOURLY_USD 10000000.0
#define MAX_TOTAL_USD 1e12
#define MAX_NODES 4096 /* 32,768 GPUs of 8-GPU nodes */
#define DEADLINE_DEFAULT_MAX_NODES 2048
#define MAX_LIST_ITEMS 256
#define MAX_NAME_LEN 128

#define RECOMMEND_MAX_SANITY_WARNINGS 4

typedef struct rec_request {
    sizing_workload workload;
    workload_bound bound;
    bool latency_sensitive;
    bool checkpointing;
    long long gpus;    /* 0 = not given */
    double job_hours;  /* 0 = not given */
    bool pricing_allowed[PRICING_COUNT];
    bool pricing_given;
    double max_hourly_usd; /* 0 = no cap */
    double max_total_usd;  /* 0 = no cap */
    bool require_ecc;
    bool require_nvlink;
    bool require_fp64;
    long long min_gpus;    /* 0 = none */
    long long max_gpus;    /* 0 = none */
    long long max_nodes;
    objective objective;
    size_t limit;
    const json_t *providers; /* borrowed arrays, NULL when absent */
    const json_t *regions;
    const json_t *geographies;    /* geography names (base/vocab.h) */
    const json_t *prefer_regions; /* ordered region ids or geography names */
    const json_t *gpu_models;
    const json_t *exclude_gpu_models;
    /* the model (request_model.c) */
    const char *model_id;        /* the catalogue's id when workload.model named one (borrowed from the snapshot) */
    precision compute_precision; /* what the arithmetic runs at, from sizing (QLoRA: bf16) */
    /* serving (inference with a model) */
    double prompt_tokens;
    double output_tokens;
    double target_tokens_per_s;           /* 0 = none: one node's replicas are priced */
    double requests_per_s;                /* 0 = none */
    double max_ttft_ms;                   /* 0 = no floor */
    bool kv_cache_precision_given;        /* else the KV cache's precision follows the weights' */
    double min_tokens_per_s_per_sequence; /* 0 = no floor */
    int tensor_parallel;                  /* workload.tensor_parallel: the degree a replica must use; 0 = chosen */
    /* set by recommend_parse() from the members above and the model, the same for every instance type a walk
     * judges: the KV bytes per value of a served sequence and the GB of KV cache its context (sequence_length, else
     * prompt + output tokens) fills (engine/perf/model.c) */
    double serving_kv_bytes;
    double kv_per_sequence_gb;
    /* planning (scale.c) */
    double deadline_hours;     /* 0 = none */
    double checkpoint_minutes; /* how often a checkpointing job saves its state */
    bool max_nodes_given;
    work_request work; /* workload.benchmark: a job priced per unit of work (engine/perf/work.h) */
    /* what the request asks that no published run supports, as sentences for requirements.warnings
     * (recommend_check_sanity(), sanity.c) */
    char sanity_warnings[RECOMMEND_MAX_SANITY_WARNINGS][256];
    int sanity_warning_count;
    long long seats;       /* workload.seats: interactive design seats (seats.c); 0 = not a seat request */
    double seat_memory_gb; /* workload.seat_memory_gb: the frame buffer one seat's virtual GPU holds */
} rec_request;

/* The request's lists resolved against the snapshot: bitmaps parallel to the snapshot's arrays (NULL = all). */
/* Training and fine-tuning rules of a request (sanity.c): workload.framework, the precisions a job that updates every
 * weight cannot train in, and the sanity warnings (a utilisation above any published run, a LoRA rank at or above the
 * hidden size, a sequence beyond the model's context). Called by recommend_parse_model() once the model is known. */
void recommend_parse_training_rules(const json_t *w, rec_request *r, problem *p);
/* requirements.framework, logits_gb, working_set_gb and warnings of the answer. */
void recommend_write_training_requirements(jsonw *out, const rec_request *r, const sizing_requirements *req);
/* A fine-tuning pick's longest_sequence_tokens: the longest sequence at the request's batch whose memory fits the
 * pick's GPUs (null for other kinds). */
void recommend_write_longest_sequence(jsonw *out, const rec_request *r, const sizing_requirements *req,
                                      double gpu_memory_gb);

typedef struct rec_filters {
    bool *provider_ok;
    bool *region_ok; /* constraints.regions and constraints.geographies together */
    bool *gpu_ok;
    /* per region, the index of the first constraints.prefer_regions entry naming it (its id or its geography), or
     * the list's length when none does; NULL without a preference. Ranks equal offers, after their figures. */
    unsigned *region_preference;
} rec_filters;

void recommend_filters_free(rec_filters *f);

typedef enum {
    REJECT_PROVIDER,
    REJECT_REGION,
    REJECT_GPU_MODEL,
    REJECT_NO_ECC,
    REJECT_NO_FP64,
    REJECT_PRECISION,
    REJECT_NO_NVLINK,
    REJECT_MEMORY,
    REJECT_NO_CLUSTER,
    REJECT_MAX_NODES,
    REJECT_GPU_COUNT,
    REJECT_PRICING,
    REJECT_MAX_HOURLY,
    REJECT_MAX_TOTAL,
    REJECT_LATENCY,
    REJECT_RETIRED,
    REJECT_DEADLINE,
    REJECT_SPOT_CANNOT_FINISH, /* spot without checkpoints: a restart from the beginning is likelier than a finish */
    REJECT_TOO_LONG,           /* the plan's expected hours pass ten years (MAX_JOB_HOURS) */
    REJECT_NO_RATE, /* no measured benchmark rate near the GPU (engine/perf/work.h) */
    REJECT_COUNT,
    REJECT_NONE = REJECT_COUNT
} reject_reason;

extern const char *const recommend_reject_names[REJECT_COUNT];

/* What an instance type gives the job, independent of region and price. */
typedef struct fit {
    unsigned nodes;
    double total_gpus;       /* nodes x gpu_count (fractional for a slice) */
    double useful_gpus;      /* the GPUs the job can keep busy (inference: those holding one model replica) */
    double total_memory_gb;
    double peak_per_gpu;     /* dense TFLOPS (TOPS) at the precision, for a whole GPU */
    double throughput;       /* compute: total TFLOPS; memory_bandwidth: total GB/s; both scaled by a slice */
    double hours;            /* NAN when the job's length is unknown */
    double penalty;          /* >= 1: the fit's drawbacks for the balanced and efficiency objectives */
    double watts;            /* board power of the GPUs used (a slice's share) */
    bool model_on_one_gpu;
    bool one_nvlink_domain;
    /* serving a model (inference with a model) */
    bool serving;
    serving_point speed;         /* one replica at batch, at the load (engine/perf/serving.h) */
    serving_layout layout;       /* of one replica */
    serving_efficiency efficiency; /* the shares of peak the speed assumes, and their source */
    int tensor_parallel;         /* GPUs of one node splitting each layer of a replica (layout.tensor_parallel) */
    double batch;                /* sequences one replica serves at once */
    double replicas;             /* all nodes together */
    double tokens_per_s;         /* output tokens/s of all replicas at their batch, prefill counted */
    double load_tokens_per_s;    /* the load priced: the target when one is given, else tokens_per_s */
    bool tensor_parallel_on_pcie;
    /* planning a job of known compute */
    double utilization;        /* the MFU the hours assume */
    bool tensor_parallel_planned; /* the model is split within a node: what the utilisation's reason recalls */
    work_fit work; /* a benchmark job: its rate on these nodes */
    double seats_per_node; /* a seat request: the seats one instance carries (0 otherwise) */
} fit;

typedef struct candidate {
    const catalog_offer *offer;
    pricing_model pricing;
    fit fit;
    double hourly_usd; /* all nodes */
    double total_usd;  /* NAN when the job's length is unknown */
    double metric;     /* the objective's figure, lower is better */
    double second;     /* tie-breaker figure, lower is better */
    unsigned regions_passing; /* regions of the instance where this pricing passed every constraint */
    unsigned preference;      /* rec_filters.region_preference of its region; 0 without a preference */
} candidate;

/* One shape's instance check (its example's fit), remembered by a walk for reruns that change only pricing. */
typedef struct shape_fit {
    reject_reason reason;
    fit ft;
    /* a served fit judged without its speed (recommend_hardware_admit_served()): ft's load_tokens_per_s is a bound
     * until the pass that ranks the shape by its price per token works the speed out */
    bool speed_waits;
} shape_fit;

/* A shape waiting for the pass ranked by price (rank.c, rank_by_price()) and the least figure its candidates can
 * have under one pricing model. */
typedef struct shape_bound {
    double least;
    size_t shape;
} shape_bound;

/* bounds[0 .. count) made a binary heap, the least figure at the root (shape_bounds.c). The pass offers a few shapes
 * before the heap of candidates stops it, so taking them off a heap (linear to build, logarithmic per shape) costs
 * less than sorting them all, at a hundred shapes as at thousands. */
void recommend_bounds_heapify(shape_bound *bounds, size_t count);
/* The least of a heap of count bounds, taken off it (count > 0). */
shape_bound recommend_bounds_take_least(shape_bound *bounds, size_t *count);

/* The walks (rank.c, offers.c): one design, one judgement. Every walk asks the same questions of a candidate (the GPU:
 * recommend_gpu_check(); the instance type: recommend_instance_check(); the price: recommend_cost_at()), scores it
 * the same way (recommend_score_candidate()) and keeps the best r->limit under one total order
 * (recommend_candidate_cmp()), so the order in which candidates reach the heap never changes what it holds. The
 * walks differ only in which candidates they may skip because none of them could enter the heap:
 * - walk_offers(): every offer of every GPU that can run the job. The reference: it runs on a snapshot without its
 *   shapes index, and test_recommend (shapes_walk_answers_as_every_offer) requires the others to answer byte for
 *   byte as it does.
 * - walk_shapes(): the walk every request takes. Instance types of one hardware shape fit alike (catalog.h), so the
 *   GPU and instance checks run once per shape and rejected offers are counted from the shape's tallies; a shape
 *   is priced from each instance type's cheapest region, and walked offer by offer only where a price cap or the
 *   region allow-list splits it (for a job of unknown length a capacity block prices no offer: at 100k offers,
 *   walking the 8-GPU shapes that hold the seed's block-priced types had the 7B inference body take 188 us in
 *   process instead of 41). Where only the offers can tell a price's fate or worth (a spot band over a job's known
 *   length, a block's durations) but every priced offer has some price that passes, the tallies still come from the
 *   shape and those models alone are priced offer by offer, cheapest instance type first while one can enter the
 *   heap (rank_by_verdicts(): at 100k offers the llama-2-70b body with a 30-day deadline, whose spot plans pass in
 *   some bands and not others, from 11.6M instructions per call to 0.94M). Three refinements, each measured with
 *   bench/recommend_loop.c when it was removed for a trial (or, for the last two, when it came), in instructions per
 *   call under callgrind on the seed:
 *   - the shapes ranked by their price (rank_by_price(): by price alone, over a job's known length, or a served
 *     model by its price per token) wait for a pass in the order of the least figure their candidates can have,
 *     which stops when the heap is full of better offers (without it, the 7B inference body took about half as
 *     long again at 100k offers; served models joined it later: the 7B inference body from 573k instructions per
 *     call to 517k, Llama 3.1 70B served at fp8 from 551k to 511k). A served model's shape waits with a bound on what
 *     its node serves in place of its speed (recommend_serving_admit(), serving_node_tokens_bound()), and its speed
 *     is worked out only when its turn comes and the bound can still enter the heap (settle_speed()): the 7B
 *     inference body from 512k to 423k, the 70B served at fp8 from 491k to 440k;
 *   - the pricing-only reruns the alternatives ask for (walk_side) are ranked in the same pass on the same fits
 *     instead of walking again (about a quarter more time for the 70B training body without it);
 *   - a served model's layouts are worked out once per node hardware and layout in a walk (serving_memo, serve.c),
 *     not once per shape: the 7B inference body from 765k instructions per call to 573k, Llama 3.1 70B served at
 *     fp8 from 708k to 551k; and what a replica of one node needs of each GPU at each tensor-parallel degree, once
 *     per walk (the 7B inference body from 423k to 384k with the admission reading the GPU's figures alone, the
 *     70B served at fp8 from 440k to 394k). The memo lives on the walk's stack: from the heap, its 28 KB freed at
 *     the end of each walk had the allocator give memory back to the system and take it again (four brk calls per
 *     request), which cost more time than the memo saved.
 * walk_state's fits, sides and heap_only exist for these refinements alone; nothing else may be added to it for
 * speed without a measured gain above the benchmark's noise (README, "Where things are"). */
typedef struct walk_state {
    size_t considered;
    /* for the hints of an empty answer: the least a rejected plan needed */
    unsigned fewest_nodes_needed;   /* over max_nodes; 0 = none */
    double fastest_missed_hours;    /* missed the deadline, at max_nodes; 0 = none */
    double cheapest_over_hourly;    /* over max_hourly_usd; 0 = none */
    double cheapest_over_total;     /* over max_total_usd; 0 = none */
    plan_spot likeliest_spot;       /* the spot plan rejected as spot_cannot_finish nearest to finishing */
    double likeliest_spot_hours;    /* its uninterrupted hours; 0 = none rejected */
    unsigned likeliest_spot_nodes;
    double shortest_too_long;       /* the fastest plan rejected as longer than ten years, in hours; 0 = none */
    unsigned refused_gpus_precisions; /* bit p: a GPU refused for the asked precision runs precision p */
    bool some_gpu_admitted;           /* a GPU passed recommend_gpu_check() */
    size_t rejected[REJECT_COUNT];
    candidate *items; /* owned by the caller: room for rec_request.limit candidates */
    topk heap;        /* orders items */
    /* The fields below are there for speed alone (what each saves: "The walks", above).
     * Owned by the caller, one per snapshot shape, or NULL: the shapes' fits as this walk judges them, so that a
     * shape's hardware twin is judged once and the shapes ranked by price wait for the cheapest-first pass */
    shape_fit *fits;
    /* owned by the caller, or NULL: pricing-only reruns ranked by this walk on its own shape fits (walk_side); ranked
     * only when the snapshot has shapes */
    struct walk_side *sides;
    size_t side_count;
    /* set by the caller: only the heap is read, not considered, rejected or the hints' figures, so a walk ranked by
     * price alone may judge only the shapes cheap enough to enter it */
    bool heap_only;
} walk_state;

/* A rerun of the request that changes its pricing alone (alternatives.c, run_repriced): it fits every shape
 * as the request does, so the request's walk ranks it too, shape by shape, into a walk state of its own (limit 1),
 * instead of walking the catalog again. */
typedef struct walk_side {
    pricing_model model;
    rec_request request; /* the request with its pricing replaced */
    candidate best;
    walk_state state; /* items = &best; its rejection counts are not read */
} walk_side;

/* Parses and checks request against snap: 0 with *r and *f filled (free f with recommend_filters_free()), or -1 with
 * *error set to a problem naming every invalid field (caller owns it). */
int recommend_parse(const catalog *snap, const json_t *request, rec_request *r, rec_filters *f, problem **error);
/* The model, fine-tuning and serving members of workload w (request_model.c); errors go into p. */
void recommend_parse_model(const catalog *snap, const json_t *w, rec_request *r, problem *p);
/* The bytes of a cached KV value when the request names no kv_cache_precision: 1 for weights in a floating-point
 * format of 8 bits or fewer, else 2 (request_model.c says why). */
double recommend_default_kv_bytes(precision weights);
/* Sets r's serving_kv_bytes and kv_per_sequence_gb from its parsed members. */
void recommend_serving_prepare(rec_request *r);
/* The objective's figures (metric, second) of candidate c priced on fit ft (c->fit itself may be unset)
 * (score.c). */
void recommend_score_candidate(const rec_request *r, const fit *ft, candidate *c);
/* Total order: better metric, then the tie-breaker, then the region preference, provider, instance, region and
 * pricing model. < 0 when a ranks before b. */
int recommend_candidate_cmp(const candidate *a, const candidate *b);
/* recommend_candidate_cmp() as topk's comparison. */
int recommend_candidate_order(const void *a, const void *b, void *ctx);
/* What a node price under model m comes to for fit ft: *hourly_usd for all nodes and *total_usd for the job (NAN when
 * its length is unknown). Returns REJECT_NONE, or the cap the price exceeds (the hourly cap is judged first). Both
 * figures rise with price_hourly_usd, so a price that passes both caps passes them for every cheaper price too. A plan
 * that cannot finish (recommend_plan_check()) is refused first, whatever its price. */
/* Whether offer may be priced under model m for the job fitted by ft: a capacity block only for a job of known
 * length within the block's durations; a type sold only by reservation never on-demand or spot. */
bool recommend_price_applies(const catalog_offer *offer, int m, const fit *ft);
/* The models of mask allowed (bit m for model m) that can price fit ft at all: a capacity block only a job of known
 * length, as recommend_price_applies() has it for every offer, so a shape needs no walk offer by offer for its blocks
 * when the fit's hours are unknown. */
unsigned recommend_models_that_apply(unsigned allowed, const fit *ft);
/* The pricing models r allows, bit m for model m. */
unsigned recommend_pricing_mask(const rec_request *r);
/* Whether recommend_cost_at() may refuse a price of r: a cap, or spot plans of a job of known length that may not
 * finish (recommend_plan_check(); a fit past ten years or the deadline is refused before any price). */
bool recommend_price_capped(const rec_request *r);
reject_reason recommend_cost_at(const rec_request *r, const fit *ft, pricing_model m, double price_hourly_usd,
                                const char *provider_id, const char *band, double *hourly_usd, double *total_usd);
/* The spot plans judged for one fit, by provider and band (rank.c, rank_shape_by_offers()): a plan's verdict and
 * expected hours depend on them and never on the price (recommend_cost_at()), a shape's offers share a handful of
 * bands, and each judgement takes a logarithm and an exponential (at 100k offers the 70B training body from 2.6M
 * instructions a call to 1.3M). */
#define BAND_PLANS 8
typedef struct band_plan {
    const char *provider_id;
    const char *band;
    reject_reason reason;
    double hours;
} band_plan;
typedef struct band_plans {
    band_plan known[BAND_PLANS];
    size_t count;
} band_plans;

/* recommend_cost_at() of a spot price over a known length for a request without a price cap (score.c), from plans
 * when they hold its provider's band, else judged and remembered there. */
reject_reason recommend_spot_cost_at(const rec_request *r, const fit *ft, pricing_model m, double price_hourly_usd,
                                     const char *provider_id, const char *band, band_plans *plans, double *hourly_usd,
                                     double *total_usd);
/* Whether model m's candidates of a shape fitted by ft are ranked region by region: a spot plan over a known length
 * runs over the hours its region's band expects, so its best region may not be its cheapest, by its total as by its
 * hours. */
bool recommend_ranked_by_band(const fit *ft, pricing_model m);
/* How recommend_cost_at() judges the prices of a shape fitted by ft under each pricing model of models that prices
 * some of its offers, for a request without a price cap: it refuses a price, if at all, for its plan
 * (recommend_plan_check()), which depends on the fit, the model and a spot price's interruption band, never on the
 * price. */
typedef struct price_verdicts {
    unsigned pass;    /* bit m: every price under model m passes */
    unsigned refused; /* every price under model m is refused, each for the same reason */
    unsigned split;   /* only each offer can tell: its spot band, or its capacity block's durations */
} price_verdicts;
void recommend_price_verdicts(const rec_request *r, const fit *ft, const catalog_shape *shape, unsigned models,
                              price_verdicts *out);
/* Whether a plan can finish: REJECT_SPOT_CANNOT_FINISH for a spot plan without checkpoints whose expected restarts
 * from the beginning are at least one (its chance to run through uninterrupted at most one half: e^(-nodes x rate x
 * hours) <= 1/2, plan.h), REJECT_DEADLINE for a spot plan whose expected reclaims take it past the deadline,
 * REJECT_TOO_LONG when its expected hours pass ten years (MAX_JOB_HOURS), else REJECT_NONE (also when the job's
 * length is unknown). The rate is the provider's for band (NULL: the cautious default, above
 * every published band, so a plan that passes with NULL passes with every band). */
reject_reason recommend_plan_check(const rec_request *r, const fit *ft, pricing_model m, const char *provider_id,
                                   const char *band);
/* The walk of every offer (offers.c): every offer of every GPU that can run the job, into st. */
void recommend_walk_offers(const rec_request *r, const rec_filters *f, const catalog *snap,
                           const sizing_requirements *req, walk_state *st);
/* Judges one instance type's offers one by one, tallying and noting each refusal, and offers its best region per
 * pricing model to st's heap. Its offers are indexes[first .. first + count), or offers[first .. first + count) when
 * indexes is NULL. */
void recommend_walk_instance(const rec_request *r, const rec_filters *f, const catalog *snap,
                             const sizing_requirements *req, const catalog_instance *inst, const size_t *indexes,
                             size_t first, size_t count, walk_state *st);
/* The preference rank of an offer's region (rec_filters.region_preference); 0 without a preference. */
unsigned recommend_region_preference(const rec_filters *f, const catalog *snap, const catalog_region *region);
/* Walks every candidate and keeps the best r->limit in st->items, best first (st->heap.count of them). */
void recommend_rank(const rec_request *r, const rec_filters *f, const catalog *snap, const sizing_requirements *req,
                    walk_state *st);
/* What one walk has worked out of its request's layouts on each node's hardware (serve.c), so that the shapes of one
 * GPU (one, two, four or eight of it, from every provider) share them: a layout's outcome depends on the request, the
 * layout and the node's hardware as serving_hardware describes it, not on which instance type carries it. An
 * open-addressed table that a walk keeps on its stack (a walk meets a few dozen GPUs, each in a few layouts); a full
 * table only stops remembering. Owned by the walk (one thread). */
#define SERVING_MEMO_SLOTS 128 /* a power of two */
#define SERVING_MEMO_PROBES 8
/* What a layout comes to on one node's hardware, all but the replicas of a node and its nodes. */
typedef struct layout_outcome {
    reject_reason reason;
    double batch;
    serving_point point;
    double load_replicas; /* the replicas the request's load needs; 0 without a load */
} layout_outcome;
typedef struct serving_memo_slot {
    const catalog_gpu *gpu;
    serving_hardware hw;
    serving_layout layout;
    layout_outcome outcome;
    double first_token_ms; /* NAN until asked for */
} serving_memo_slot;
#define SERVING_MEMO_DEGREES 16 /* the tensor-parallel degrees of one node whose memory needs are remembered */
typedef struct serving_memo {
    serving_memo_slot slots[SERVING_MEMO_SLOTS];
    unsigned char used[SERVING_MEMO_SLOTS];
    /* what a replica within one node at tensor-parallel degree d needs of each GPU, which the request alone sets:
     * the weights with the runtime's share and one sequence's KV cache, in GB at [d]; NAN until worked out */
    double weights_gb[SERVING_MEMO_DEGREES + 1];
    double sequence_gb[SERVING_MEMO_DEGREES + 1];
} serving_memo;
void recommend_serving_memo_init(serving_memo *memo);
/* The serving fit of an instance type for an inference request with a model (serve.c): REJECT_NONE with
 * out's layout, node, replica and speed members set, or why it cannot serve. memo: the walk's, or NULL; a walk
 * passes one request's fits only. */
reject_reason recommend_serving_fit(const rec_request *r, const sizing_requirements *req, const catalog_instance *inst,
                                    serving_memo *memo, fit *out);
/* Whether recommend_serving_fit() would serve r on inst on one node, judged without working out any layout's
 * speed: for a request without a load, a batch or latency floors, when a layout of one node holds the model. Then
 * out's serving, nodes and total_gpus are set as the fit would set them, and its load_tokens_per_s and
 * tokens_per_s to a bound no layout of the node serves more than (serving_node_tokens_bound()), which is what the
 * ranking by price per token reads before it works out the speed. False, with out untouched, when only the fit
 * itself can tell. */
bool recommend_serving_admit(const rec_request *r, const catalog_instance *inst, serving_memo *memo, fit *out);
/* A served candidate's price per million generated tokens at the load it is priced for; NAN when not serving. */
double recommend_usd_per_million_tokens(const candidate *c);
/* The same for a fit ft priced at hourly_usd for all its nodes. */
double recommend_usd_per_million_tokens_at(const fit *ft, double hourly_usd);
/* One request's time on a served fit: time to first token + output tokens at the per-sequence speed. */
double recommend_request_seconds(const rec_request *r, const fit *ft);
/* A serving fit's time to first token on inst: kept in the fit when the ranking read it, else worked out now. */
double recommend_first_token_ms(const rec_request *r, const catalog_instance *inst, const fit *ft);
/* The node count a deadline or the time objective asks of an instance type, starting from *nodes (what memory
 * needs), and the utilisation the plan assumes (scale.c). REJECT_DEADLINE when even max_nodes misses it
 * (out->hours and out->nodes then say the fastest plan). */
reject_reason recommend_plan_nodes(const rec_request *r, const sizing_requirements *req, const catalog_instance *inst,
                                   unsigned *nodes, fit *out);
/* The reason of a fit's utilisation, in words with its numbers (formatted only for the answers written). */
void recommend_utilization_why(const rec_request *r, const sizing_requirements *req, const catalog_instance *inst,
                               const fit *ft, char *why, size_t why_len);
/* The expected wall-clock hours of a spot plan: interruptions at the provider's rate for band (NULL: none
 * published, a cautious default above every published band), each losing the work since the last checkpoint. */
double recommend_spot_hours(const rec_request *r, const fit *ft, const char *provider_id, const char *band,
                            plan_spot *out, const char **source);
/* Remember the least a rejected plan needed (nodes over max_nodes, hours past the deadline, the price over
 * max_hourly_usd), for the hints of an empty answer. */
void recommend_note_rejection(walk_state *st, reject_reason reason, const fit *ft);
void recommend_note_over_hourly(walk_state *st, double hourly_usd);
/* Remember what recommend_cost_at() refused candidate c for (its offer, pricing, fit and figures set; band its price's
 * interruption band): the price over a cap, the spot plan nearest to finishing, the shortest plan past ten years or
 * the deadline (for the hints of an empty answer). */
void recommend_note_refusal(walk_state *st, reject_reason reason, const rec_request *r, const candidate *c,
                            const char *band);
/* Remember what the GPU check of gpu said (reason), for the hints: whether any GPU passed, and which precisions the
 * GPUs refused for the request's precision do run. */
void recommend_note_gpu_check(walk_state *st, reject_reason reason, const catalog_gpu *gpu);
/* NVLink or NVSwitch joins the instance's GPUs (what constraints.require_nvlink asks). */
bool recommend_has_nvlink(const catalog_instance *inst);
/* NVLink, NVSwitch or xGMI joins the instance's GPUs. */
bool recommend_has_gpu_fabric(const catalog_instance *inst);
/* Whether serving engines split the model a's layers tp ways (serve.c): tp divides the query heads and divides, or is
 * a multiple of, the KV heads. */
bool recommend_tensor_parallel_allowed(const model_arch *a, int tp);

/* Why GPU model g (an index into snap->gpus) cannot run the job, or REJECT_NONE (fit.c). */
reject_reason recommend_gpu_check(const rec_request *r, const rec_filters *f, const catalog *snap, size_t g);
/* Whether the request lets inst be rented at all: its provider allowed, the type not retired (fit.c). */
reject_reason recommend_instance_admit(const rec_filters *f, const catalog *snap, const catalog_instance *inst);
/* The request serves a model, sized by replicas (recommend_serving_fit()). */
bool recommend_fit_serves(const rec_request *r);
/* For a request that gives its GPU count (r->gpus > 0): the nodes of inst that make it, or why none can (a slice, a
 * count that does not divide, nodes without a cluster network, more nodes than r->max_nodes). */
reject_reason recommend_nodes_for_gpus(const rec_request *r, const catalog_instance *inst, unsigned *nodes);
/* Why inst's hardware cannot run the job, or REJECT_NONE with *out its fit: what the rest of the instance check
 * judges, from the GPU, its count and memory, the GPU interconnect and the cluster network alone. memo: the walk's
 * serving memo (recommend_serving_fit()), or NULL. */
reject_reason recommend_hardware_fit(const rec_request *r, const sizing_requirements *req,
                                     const catalog_instance *inst, serving_memo *memo, fit *out);
/* Whether recommend_hardware_fit() would fit a served model on inst, judged without its speed
 * (recommend_serving_admit()): true with out as far as that sets it and the rest of the fit's nodes; false, out
 * unspecified, when only recommend_hardware_fit() can tell. */
bool recommend_hardware_admit_served(const rec_request *r, const catalog_instance *inst, serving_memo *memo,
                                     fit *out);
/* A benchmark job's fit (engine/recommend/work.c): the rate of inst's GPUs, the nodes a target rate needs, the hours of the
 * work, or why none (no rate near the GPU, more nodes than allowed). */
reject_reason recommend_work_fit(const rec_request *r, const catalog_instance *inst, fit *out);
/* Design seats (engine/recommend/seats.c): workload.seats and seat_memory_gb parsed from w into r; the instances
 * that carry r->seats seats on inst (REJECT_MAX_NODES beyond max_nodes); a pick's "seats" member. */
void recommend_parse_seats(const json_t *w, rec_request *r, problem *p);
reject_reason recommend_seat_fit(const rec_request *r, const catalog_instance *inst, fit *out);
void recommend_seats_write(jsonw *out, const rec_request *r, const candidate *c);
/* Why instance type inst cannot run the job, or REJECT_NONE with *out its fit: admitted, then its hardware's fit. */
reject_reason recommend_instance_check(const rec_request *r, const rec_filters *f, const catalog *snap,
                                       const sizing_requirements *req, const catalog_instance *inst, fit *out);

/* A candidate's expected wall-clock hours: the fit's, and for spot with its expected interruptions; NAN when the
 * job's length is unknown. */
double recommend_candidate_hours(const rec_request *r, const candidate *c);

/* ---- sentences of the answer (answer.c) ------------------------------------------------------------------------ */

/* At most this many sentences in each list, each at most NOTE_BYTES - 1 bytes long: room for a price's whole source
 * (the seed catalog's longest is 447 bytes) in the warning that names an estimated price's rule. */
#define NOTES_MAX 8
#define NOTE_BYTES 1024

/* One list of sentences (reasons, warnings or hints), written into the answer as each is formed. */
typedef struct notes {
    jsonw *out;
    size_t count;
} notes;

/* Writes one sentence into n's list, unless it holds NOTES_MAX already. */
void note(notes *n, const char *fmt, ...) __attribute__((format(printf, 2, 3)));

/* ---- the hints of an empty answer (relax.c) ------------------------------------------------------------------- */

#define RECOMMEND_MAX_RELAXED 8

typedef struct recommend_relaxed {
    bool tried;  /* some constraint refused offers and was lifted */
    bool found;  /* the request with them lifted admits an offer */
    size_t count;
    char text[RECOMMEND_MAX_RELAXED][256]; /* one hint per constraint that offer breaks */
    unsigned precisions_admitting; /* bit p: at precision p, constraints unchanged, an offer qualifies */
} recommend_relaxed;

/* For an empty answer (st's heap empty): lifts every constraint that refused offers, ranks the lifted request, and
 * names the value of each constraint its best offer needs; and when the precision refused every GPU, which other
 * precisions admit an offer. Nothing for an answer with picks. */
void recommend_relax(const catalog *snap, const rec_request *r, const rec_filters *f, const sizing_requirements *req,
                     const walk_state *st, recommend_relaxed *out);
/* Writes the "hints" member: for an empty answer, what to relax (relaxed's hints when the constraints alone stop
 * every offer, else what the job itself needs), or that no change of the constraints can help; empty otherwise. */
void recommend_write_hints(jsonw *out, const rec_request *r, const sizing_requirements *req, const walk_state *st,
                           const recommend_relaxed *relaxed);

/* ---- alternatives (alternatives.c) ------------------------------------------------------------------ */

#define RECOMMEND_MAX_ALTERNATIVES 8

typedef struct alternative {
    const char *change;     /* "precision", "qlora", "spot", "commitment", "more_nodes", "serve_split" */
    char description[200];
    json_t *delta;          /* owned: the RFC 7396 merge patch on the request */
    candidate best;         /* the changed request's first pick */
    double hours;           /* best's expected hours, NAN when the length is unknown */
    double break_even_hours; /* a commitment: the top pick's hours that cost as much as the term; else NAN */
} alternative;

typedef struct recommend_alternatives {
    candidate top;    /* the request's own first pick, compared against */
    double top_hours;
    /* borrowed, the request's own: parsed, its filters and sizing */
    const rec_request *request;
    const rec_filters *filters;
    const sizing_requirements *sizing;
    const walk_side *sides; /* its walk's pricing-only reruns (walk_state.sides), ranked when snap has shapes */
    size_t side_count;
    alternative items[RECOMMEND_MAX_ALTERNATIVES];
    size_t count;
} recommend_alternatives;

/* The most pricing-only reruns an alternative asks of a walk. */
#define RECOMMEND_MAX_SIDES 3
/* Fills sides[0 .. room) with the pricing-only reruns the alternatives of r may ask for (spot with checkpoints, the
 * commitments), for the request's walk to rank alongside it; returns how many. */
size_t recommend_alternatives_sides(const rec_request *r, const sizing_requirements *req, walk_side *sides,
                                    size_t room);
/* The alternatives to the first pick of st; 0, or -1 with *error set when workload.serve_after is invalid. Free
 * with recommend_alternatives_free() either way. */
int recommend_alternatives_find(const catalog *snap, const json_t *request, const rec_request *r,
                                const rec_filters *f, const sizing_requirements *req, const walk_state *st,
                                recommend_alternatives *alts, problem **error);
void recommend_alternatives_free(recommend_alternatives *alts);
/* Writes the "alternatives" member's array. */
void recommend_alternatives_write(jsonw *out, const recommend_alternatives *alts);

/* The members that name a pick: provider, instance_type, region, pricing and nodes (inside an open object); and a
 * recommendation's "export" member: the formats that can deploy it and the POST /v1/export body
 * (export_link.c). */
void recommend_write_pick(jsonw *out, const candidate *c);
void recommend_write_export_link(jsonw *out, const candidate *c);

/* Writes the answer document of a ranked request. */
void recommend_write(jsonw *out, const rec_request *r, const sizing_requirements *req, const recommend_options *opts,
                     const catalog *snap, const walk_state *st, const recommend_alternatives *alts,
                     const recommend_relaxed *relaxed);

#endif
