/* The recommendation's own cost, without the network: what POST /v1/recommend runs for one body (service/face/
 * recommend.c: the body read by jsonr_load, recommend_run into a 16 KiB writer, the text handed over and freed), called
 * in a loop in one process on a catalog loaded from a database as the daemon loads it. A load test on a machine shared
 * with its load generator moves by a few percent from run to run, most of it the cost of waking the generator's
 * thread; a loop of calls has no socket, no second process and no wake-ups, so two builds compared with it differ by
 * what their code costs. Prints the median of the rounds:
 *   recommend-loop us_per_call=U bytes=B calls=N rounds=R
 *
 * Usage: recommend_loop DB BODY_FILE [CALLS] [ROUNDS]   (defaults 5000 calls, 5 rounds; prices judged stale after
 * 48 hours, the daemon's default) */
#include <jansson.h>
#include <sqlite3.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "base/util.h"
#include "engine/recommend/recommend.h"
#include "snapshot/catalog.h"
#include "store/catalog_load.h"
#include "wire/jsonr.h"
#include "wire/jsonw.h"
#include "wire/problem.h"

#define MAX_ROUNDS 101

static double seconds_now(void)
{
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (double)t.tv_sec + (double)t.tv_nsec * 1e-9;
}

static int compare_doubles(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;
    return x < y ? -1 : x > y;
}

/* One call as the daemon makes it; the answer's length, or 0 when the body was refused. */
static size_t recommend_once(const catalog *snap, const char *body, size_t body_len, const recommend_options *opts)
{
    size_t len = 0;
    json_t *request = jsonr_load(body, body_len, NULL);
    jsonw answer;
    jsonw_init(&answer, 16384);
    problem *error = NULL;
    if (request == NULL || recommend_run(snap, request, opts, &answer, &error) != 0) {
        jsonw_discard(&answer);
        problem_free(error);
        goto out;
    }
    free(jsonw_finish(&answer, &len));
out:
    json_decref(request);
    return len;
}

int main(int argc, char **argv)
{
    int rc = 1;
    sqlite3 *db = NULL;
    catalog *snap = NULL;
    char *body = NULL;
    if (argc < 3) {
        fprintf(stderr, "usage: recommend_loop DB BODY_FILE [CALLS] [ROUNDS]\n");
        return 2;
    }
    long calls = argc > 3 ? atol(argv[3]) : 5000;
    int rounds = argc > 4 ? atoi(argv[4]) : 5;
    if (calls < 1 || rounds < 1 || rounds > MAX_ROUNDS) {
        fprintf(stderr, "recommend_loop: CALLS must be at least 1, ROUNDS 1 to %d\n", MAX_ROUNDS);
        return 2;
    }
    char err[512];
    if (sqlite3_open_v2(argv[1], &db, SQLITE_OPEN_READONLY, NULL) != SQLITE_OK) {
        fprintf(stderr, "recommend_loop: cannot open %s: %s\n", argv[1], sqlite3_errmsg(db));
        goto out;
    }
    if (store_catalog_load(db, &snap, err, sizeof err) != 0) {
        fprintf(stderr, "recommend_loop: cannot load the catalog: %s\n", err);
        goto out;
    }
    size_t body_len = 0;
    FILE *in = fopen(argv[2], "rb");
    int read_rc = in != NULL ? util_read_all(in, 1 << 20, &body, &body_len) : -1;
    if (in != NULL)
        fclose(in);
    if (read_rc != 0) {
        fprintf(stderr, "recommend_loop: cannot read %s\n", argv[2]);
        goto out;
    }
    recommend_options opts = {.now = time(NULL), .stale_after_hours = 48};
    size_t bytes = recommend_once(snap, body, body_len, &opts); /* warms the caches, checks the body */
    if (bytes == 0) {
        fprintf(stderr, "recommend_loop: the body of %s is refused\n", argv[2]);
        goto out;
    }
    double per_call[MAX_ROUNDS];
    for (int r = 0; r < rounds; r++) {
        double start = seconds_now();
        for (long i = 0; i < calls; i++)
            recommend_once(snap, body, body_len, &opts);
        per_call[r] = (seconds_now() - start) / (double)calls * 1e6;
    }
    qsort(per_call, (size_t)rounds, sizeof per_call[0], compare_doubles);
    printf("recommend-loop us_per_call=%.3f bytes=%zu calls=%ld rounds=%d\n", per_call[rounds / 2], bytes, calls,
           rounds);
    rc = 0;
out:
    free(body);
    if (snap != NULL)
        catalog_release(snap);
    sqlite3_close(db);
    return rc;
}
