/* The models catalog (migrations/0006_models.sql) in a fresh migrated database: its size, its sources, each row's
 * published parameter counts against the count its own shape gives, and the table's constraints. */
#include <check.h>
#include <math.h>
#include <sqlite3.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "support/check_support.h"
#include "support/harness.h"

/* How far a count computed from the shape may be from the published one. Norms, biases, routers' biases and
 * position tables are left out of the count and stay well inside this; a mistyped layer count, hidden size or
 * expert count does not. */
#define PARAMS_TOLERANCE 0.06

static char *db_path;
static sqlite3 *db;

static void setup(void)
{
    db_path = harness_make_db();
    ck_assert_int_eq(sqlite3_open(db_path, &db), SQLITE_OK);
}

static void teardown(void)
{
    sqlite3_close(db);
    db = NULL;
    unlink(db_path);
    free(db_path);
    db_path = NULL;
}

static long long scalar(const char *sql)
{
    sqlite3_stmt *st = NULL;
    ck_assert_msg(sqlite3_prepare_v2(db, sql, -1, &st, NULL) == SQLITE_OK, "%s: %s", sql, sqlite3_errmsg(db));
    ck_assert_int_eq(sqlite3_step(st), SQLITE_ROW);
    long long v = sqlite3_column_int64(st, 0);
    sqlite3_finalize(st);
    return v;
}

/* One row's shape, as the count below needs it. Absent (NULL) sizes read as 0. */
typedef struct model_shape {
    char id[64];
    double params_b, active_params_b;
    double layers, hidden, intermediate, moe_intermediate, heads, kv_heads, head_dim;
    double q_lora_rank, kv_lora_rank, qk_nope, qk_rope, v_head;
    double experts, shared_experts, experts_per_token, dense_layers, vocab;
    bool gated, tied, mla;
} model_shape;

#define SHAPE_COLUMNS                                                                                                  \
    "id, params_b, active_params_b, layers, hidden_size, intermediate_size, moe_intermediate_size, attention_heads, "  \
    "kv_heads, head_dim, q_lora_rank, kv_lora_rank, qk_nope_head_dim, qk_rope_head_dim, v_head_dim, experts, "         \
    "shared_experts, experts_per_token, dense_layers, vocab_size, mlp, tied_embeddings, attention"

static void read_shape(sqlite3_stmt *st, model_shape *m)
{
    memset(m, 0, sizeof *m);
    snprintf(m->id, sizeof m->id, "%s", (const char *)sqlite3_column_text(st, 0));
    double *fields[] = {
        &m->params_b,          &m->active_params_b,  &m->layers,       &m->hidden,
        &m->intermediate,      &m->moe_intermediate, &m->heads,        &m->kv_heads,
        &m->head_dim,          &m->q_lora_rank,      &m->kv_lora_rank, &m->qk_nope,
        &m->qk_rope,           &m->v_head,           &m->experts,      &m->shared_experts,
        &m->experts_per_token, &m->dense_layers,     &m->vocab,
    };
    for (int i = 0; i < (int)(sizeof fields / sizeof fields[0]); i++)
        *fields[i] = sqlite3_column_double(st, i + 1); /* NULL reads as 0.0 */
    m->gated = strcmp((const char *)sqlite3_column_text(st, 20), "gated") == 0;
    m->tied = sqlite3_column_int(st, 21) != 0;
    m->mla = strcmp((const char *)sqlite3_column_text(st, 22), "mla") == 0;
}

/* Parameters a row's shape holds, in billions; active counts the experts one token uses instead of all of them.
 *
 * This is the accounting of Kaplan et al., "Scaling Laws for Neural Language Models" (arXiv 2001.08361, Table 1:
 * N = 2 d_model n_layer (2 d_attn + d_ff) plus the embedding), carried over to today's layers:
 *   embedding        vocab x hidden, and as much again for the output projection unless it is tied;
 *   attention        Q and O are hidden x (heads x head_dim) each; K and V are hidden x (kv_heads x head_dim) each,
 *                    which is MHA when kv_heads = heads and GQA/MQA below (Ainslie et al., arXiv 2305.13245);
 *                    MLA (DeepSeek-V2 paper, arXiv 2405.04434, section 2.1) instead has the query down/up
 *                    projections hidden x q_lora_rank and q_lora_rank x heads x (nope + rope) (or hidden x heads x
 *                    (nope + rope) when queries are not compressed), the joint KV down-projection
 *                    hidden x (kv_lora_rank + rope), its up-projection kv_lora_rank x heads x (nope + v) and the
 *                    output heads x v x hidden;
 *   MLP              2 matrices of hidden x width, or 3 for a gated (SwiGLU/GeGLU) MLP as in the LLaMA paper
 *                    (arXiv 2302.13971, section 2.2);
 *   MoE layer        experts (or experts_per_token when active) plus shared experts of moe_intermediate width, and
 *                    the router's hidden x experts; the first dense_layers layers keep a dense MLP.
 * Norms and biases are left out. The input embedding is a lookup, not a matrix product, and publishers differ on
 * whether an active count includes it, so it can be left out with count_embedding = false. */
static double shape_params_b(const model_shape *m, bool active, bool count_embedding)
{
    double attention;
    if (m->mla) {
        double qk = m->qk_nope + m->qk_rope;
        double q = m->q_lora_rank > 0 ? m->hidden * m->q_lora_rank + m->q_lora_rank * m->heads * qk
                                      : m->hidden * m->heads * qk;
        double kv = m->hidden * (m->kv_lora_rank + m->qk_rope) + m->kv_lora_rank * m->heads * (m->qk_nope + m->v_head);
        attention = q + kv + m->heads * m->v_head * m->hidden;
    } else {
        attention = 2 * m->hidden * m->heads * m->head_dim + 2 * m->hidden * m->kv_heads * m->head_dim;
    }
    double matrices = m->gated ? 3 : 2;
    double dense_mlp = matrices * m->hidden * m->intermediate;
    double routed = active ? m->experts_per_token : m->experts;
    double moe_mlp = (routed + m->shared_experts) * matrices * m->hidden * m->moe_intermediate + m->hidden * m->experts;
    double sparse_layers = m->experts > 0 ? m->layers - m->dense_layers : 0;
    double total = m->layers * attention + (m->layers - sparse_layers) * dense_mlp + sparse_layers * moe_mlp;
    if (!m->tied)
        total += m->vocab * m->hidden;
    if (count_embedding)
        total += m->vocab * m->hidden;
    return total / 1e9;
}

/* Calls check(m) for every row; returns the number of rows. */
static int each_model(void (*check)(const model_shape *m))
{
    sqlite3_stmt *st = NULL;
    ck_assert_int_eq(sqlite3_prepare_v2(db, "SELECT " SHAPE_COLUMNS " FROM models ORDER BY id", -1, &st, NULL),
                     SQLITE_OK);
    int rows = 0;
    while (sqlite3_step(st) == SQLITE_ROW) {
        model_shape m;
        read_shape(st, &m);
        check(&m);
        rows++;
    }
    sqlite3_finalize(st);
    return rows;
}

START_TEST(catalog_holds_at_least_thirty_models)
{
    ck_assert_int_ge(scalar("SELECT count(*) FROM models"), 30);
    ck_assert_int_ge(scalar("SELECT count(DISTINCT family) FROM models"), 8);
    ck_assert_int_ge(scalar("SELECT count(*) FROM models WHERE experts > 0"), 6);
    ck_assert_int_ge(scalar("SELECT count(*) FROM models WHERE attention = 'mla'"), 2);
}
END_TEST

START_TEST(named_models_are_catalogued)
{
    static const char *const ids[] = {
        "llama-2-7b",    "llama-2-13b", "llama-2-70b",  "llama-3.1-8b",  "llama-3.1-70b", "llama-3.1-405b",
        "llama-3.3-70b", "mistral-7b",  "mixtral-8x7b", "mixtral-8x22b", "qwen2.5-7b",    "qwen2.5-14b",
        "qwen2.5-32b",   "qwen2.5-72b", "qwen3-8b",     "qwen3-32b",     "qwen3-30b-a3b", "qwen3-235b-a22b",
        "deepseek-v3",   "deepseek-r1", "gemma-2-9b",   "gemma-2-27b",   "gemma-3-27b",   "phi-3-mini",
        "phi-4",         "gpt-oss-20b", "gpt-oss-120b", "falcon-180b",   "opt-13b",       "opt-175b",
    };
    sqlite3_stmt *st = NULL;
    ck_assert_int_eq(sqlite3_prepare_v2(db, "SELECT count(*) FROM models WHERE id = ?", -1, &st, NULL), SQLITE_OK);
    for (size_t i = 0; i < sizeof ids / sizeof ids[0]; i++) {
        sqlite3_bind_text(st, 1, ids[i], -1, SQLITE_STATIC);
        ck_assert_int_eq(sqlite3_step(st), SQLITE_ROW);
        ck_assert_msg(sqlite3_column_int(st, 0) == 1, "%s is not catalogued", ids[i]);
        sqlite3_reset(st);
    }
    sqlite3_finalize(st);
}
END_TEST

START_TEST(every_row_cites_https_sources)
{
    ck_assert_int_eq(scalar("SELECT count(*) FROM models WHERE json_array_length(sources) < 1"), 0);
    sqlite3_stmt *st = NULL;
    ck_assert_int_eq(sqlite3_prepare_v2(db,
                                        "SELECT m.id, s.value, s.type FROM models m, json_each(m.sources) s "
                                        "ORDER BY m.id",
                                        -1, &st, NULL),
                     SQLITE_OK);
    int urls = 0;
    while (sqlite3_step(st) == SQLITE_ROW) {
        const char *id = (const char *)sqlite3_column_text(st, 0);
        const char *url = (const char *)sqlite3_column_text(st, 1);
        const char *type = (const char *)sqlite3_column_text(st, 2);
        ck_assert_msg(strcmp(type, "text") == 0 && strncmp(url, "https://", 8) == 0 && strlen(url) > 12 &&
                          strchr(url, ' ') == NULL,
                      "%s: source %s is not an https URL", id, url);
        urls++;
    }
    sqlite3_finalize(st);
    ck_assert_int_ge(urls, scalar("SELECT count(*) FROM models"));
}
END_TEST

static void check_total(const model_shape *m)
{
    double computed = shape_params_b(m, false, true);
    double ratio = computed / m->params_b;
    ck_assert_msg(fabs(ratio - 1) <= PARAMS_TOLERANCE,
                  "%s: its shape holds %.2fB parameters, the published total is %.2fB (ratio %.3f)", m->id, computed,
                  m->params_b, ratio);
}

START_TEST(total_parameters_match_the_shape)
{
    ck_assert_int_ge(each_model(check_total), 30);
}
END_TEST

static int moe_rows;

static void check_active(const model_shape *m)
{
    if (m->experts == 0) {
        ck_assert_msg(m->active_params_b == m->params_b, "%s: a dense model with fewer active parameters", m->id);
        return;
    }
    moe_rows++;
    double without_embedding = shape_params_b(m, true, false);
    double with_embedding = shape_params_b(m, true, true);
    ck_assert_msg(m->active_params_b >= without_embedding * (1 - PARAMS_TOLERANCE) &&
                      m->active_params_b <= with_embedding * (1 + PARAMS_TOLERANCE),
                  "%s: its shape activates %.2fB-%.2fB parameters per token, the published figure is %.2fB", m->id,
                  without_embedding, with_embedding, m->active_params_b);
    ck_assert_msg(m->active_params_b < m->params_b / 2, "%s: an MoE model activating half its weights", m->id);
}

START_TEST(active_parameters_match_the_shape)
{
    moe_rows = 0;
    each_model(check_active);
    ck_assert_int_ge(moe_rows, 6);
}
END_TEST

START_TEST(mixture_of_experts_rows_have_experts)
{
    static const char *const moe[] = {"mixtral-8x7b", "mixtral-8x22b", "qwen3-30b-a3b", "qwen3-235b-a22b",
                                      "deepseek-v3",  "deepseek-r1",   "gpt-oss-20b",   "gpt-oss-120b"};
    sqlite3_stmt *st = NULL;
    ck_assert_int_eq(sqlite3_prepare_v2(db,
                                        "SELECT experts, experts_per_token, moe_intermediate_size FROM models "
                                        "WHERE id = ?",
                                        -1, &st, NULL),
                     SQLITE_OK);
    for (size_t i = 0; i < sizeof moe / sizeof moe[0]; i++) {
        sqlite3_bind_text(st, 1, moe[i], -1, SQLITE_STATIC);
        ck_assert_msg(sqlite3_step(st) == SQLITE_ROW, "%s missing", moe[i]);
        ck_assert_msg(sqlite3_column_int(st, 0) > 0 && sqlite3_column_int(st, 1) > 0 &&
                          sqlite3_column_int(st, 1) < sqlite3_column_int(st, 0) &&
                          sqlite3_column_type(st, 2) != SQLITE_NULL,
                      "%s is not described as a mixture of experts", moe[i]);
        sqlite3_reset(st);
    }
    sqlite3_finalize(st);
    ck_assert_int_eq(scalar("SELECT count(*) FROM models WHERE active_params_b < params_b AND experts = 0"), 0);
}
END_TEST

/* A handful of figures read off the configs, so that an edit which keeps the counts plausible still shows. */
START_TEST(key_figures_as_published)
{
    ck_assert_int_eq(scalar("SELECT kv_heads FROM models WHERE id = 'llama-2-70b'"), 8);
    ck_assert_int_eq(scalar("SELECT kv_heads FROM models WHERE id = 'llama-3.1-405b'"), 8);
    ck_assert_int_eq(scalar("SELECT layers FROM models WHERE id = 'llama-3.1-405b'"), 126);
    ck_assert_int_eq(scalar("SELECT kv_heads FROM models WHERE id = 'llama-2-13b'"), 40);
    ck_assert_int_eq(scalar("SELECT kv_lora_rank + qk_rope_head_dim FROM models WHERE id = 'deepseek-v3'"), 576);
    ck_assert_int_eq(scalar("SELECT experts * 100 + experts_per_token FROM models WHERE id = 'mixtral-8x7b'"), 802);
    ck_assert_int_eq(scalar("SELECT head_dim FROM models WHERE id = 'gemma-2-9b'"), 256);
    ck_assert_int_eq(scalar("SELECT sliding_window_layers FROM models WHERE id = 'gemma-3-27b'"), 52);
    ck_assert_int_eq(scalar("SELECT sliding_window FROM models WHERE id = 'gpt-oss-120b'"), 128);
    ck_assert_int_eq(scalar("SELECT kv_heads FROM models WHERE id = 'falcon-7b'"), 1);
    ck_assert_int_eq(scalar("SELECT attention = 'mqa' FROM models WHERE id = 'falcon-7b'"), 1);
    ck_assert_int_eq(scalar("SELECT hidden_size FROM models WHERE id = 'opt-13b'"), 5120);
}
END_TEST

/* Copies llama-2-70b (GQA, dense) or deepseek-v3 (MLA, MoE) with one change; the insert must be refused. */
static void assert_refused(const char *from, const char *change)
{
    char sql[1024];
    char *err = NULL;
    ck_assert_int_eq(sqlite3_exec(db, "DROP TABLE IF EXISTS temp.bad", NULL, NULL, NULL), SQLITE_OK);
    snprintf(sql, sizeof sql,
             "CREATE TEMP TABLE bad AS SELECT * FROM models WHERE id = '%s';"
             "UPDATE bad SET id = 'bad-row', %s;",
             from, change);
    ck_assert_msg(sqlite3_exec(db, sql, NULL, NULL, &err) == SQLITE_OK, "%s: %s", change, err ? err : "?");
    int rc = sqlite3_exec(db, "INSERT INTO models SELECT * FROM bad", NULL, NULL, &err);
    ck_assert_msg(rc == SQLITE_CONSTRAINT, "a %s copy with %s was accepted (%d: %s)", from, change, rc, err ? err : "");
    sqlite3_free(err);
    ck_assert_int_eq(scalar("SELECT count(*) FROM models WHERE id = 'bad-row'"), 0);
}

START_TEST(constraints_refuse_nonsense)
{
    /* the unchanged copy goes in: the refusals below are the changes' doing */
    ck_assert_int_eq(sqlite3_exec(db,
                                  "CREATE TEMP TABLE good AS SELECT * FROM models WHERE id = 'llama-2-70b';"
                                  "UPDATE good SET id = 'good-row'; INSERT INTO models SELECT * FROM good;"
                                  "DELETE FROM models WHERE id = 'good-row';",
                                  NULL, NULL, NULL),
                     SQLITE_OK);
    assert_refused("llama-2-70b", "kv_heads = 7");      /* does not divide 64 heads */
    assert_refused("llama-2-70b", "kv_heads = 128");    /* more K/V heads than heads */
    assert_refused("llama-2-70b", "kv_heads = 64");     /* GQA with one K/V head per head */
    assert_refused("llama-2-70b", "attention = 'mqa'"); /* MQA with 8 K/V heads */
    assert_refused("llama-2-70b", "active_params_b = 80");
    assert_refused("llama-2-70b", "active_params_b = 10"); /* dense, yet fewer active */
    assert_refused("llama-2-70b", "experts_per_token = 2");
    assert_refused("llama-2-70b", "attention = 'mla'"); /* MLA without latent sizes */
    assert_refused("llama-2-70b", "kv_lora_rank = 512");
    assert_refused("llama-2-70b", "sources = '[]'");
    assert_refused("llama-2-70b", "sources = 'https://example.org'");
    assert_refused("llama-2-70b", "sliding_window = 4096"); /* a window on no layer */
    assert_refused("llama-2-70b", "sliding_window = 8192, sliding_window_layers = 40"); /* wider than the context */
    assert_refused("llama-2-70b", "id = 'Llama 2 70B'");
    assert_refused("deepseek-v3", "kv_lora_rank = NULL");
    assert_refused("deepseek-v3", "qk_rope_head_dim = NULL");
    assert_refused("deepseek-v3", "head_dim = 128");
    assert_refused("deepseek-v3", "experts_per_token = 300");
    assert_refused("deepseek-v3", "moe_intermediate_size = NULL");
    assert_refused("deepseek-v3", "intermediate_size = NULL"); /* its 3 dense layers need a width */
    assert_refused("deepseek-v3", "active_params_b = 671");
    assert_refused("deepseek-v3", "dense_layers = 61");
}
END_TEST

int main(void)
{
    Suite *s = suite_create("models_seed");
    TCase *tc = tcase_create("catalog");
    tcase_add_checked_fixture(tc, setup, teardown);
    tcase_add_test(tc, catalog_holds_at_least_thirty_models);
    tcase_add_test(tc, named_models_are_catalogued);
    tcase_add_test(tc, every_row_cites_https_sources);
    tcase_add_test(tc, total_parameters_match_the_shape);
    tcase_add_test(tc, active_parameters_match_the_shape);
    tcase_add_test(tc, mixture_of_experts_rows_have_experts);
    tcase_add_test(tc, key_figures_as_published);
    tcase_add_test(tc, constraints_refuse_nonsense);
    suite_add_tcase(s, tc);
    return check_run_suite(s);
}
