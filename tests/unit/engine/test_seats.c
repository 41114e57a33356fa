/* Design seats (workload.seats, engine/recommend/seats.c) on the seed catalog: how many seats each pick's instance
 * carries, how many instances the seats take, the price of a seat-hour, and the refusals. */
#include <check.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "support/check_support.h"
#include "support/recommend_support.h"
#include "support/seed_catalog.h"

static json_t *answer(const catalog *snap, const char *body, int expected_status)
{
    json_error_t error;
    json_t *request = json_loads(body, 0, &error);
    ck_assert_msg(request != NULL, "bad test JSON: %s", error.text);
    recommend_options opts = {.now = 1767225600, .stale_after_hours = 0};
    int status;
    char *text = recommend_answer_text(snap, request, &opts, &status);
    json_decref(request);
    ck_assert_msg(status == expected_status, "status %d for %s: %s", status, body, text);
    json_t *doc = json_loads(text, 0, &error);
    ck_assert_msg(doc != NULL, "not JSON: %s", text);
    free(text);
    return doc;
}

static double number(const json_t *obj, const char *key)
{
    const json_t *v = json_object_get(obj, key);
    ck_assert_msg(json_is_number(v), "no number %s", key);
    return json_number_value(v);
}

/* Every pick: a slice carries one seat; a whole GPU as many as its memory holds seat frame buffers (every GPU the
 * seed catalog offers for rendering runs vGPU or is passed through whole); the instances cover the seats. */
static void check_picks(const catalog *snap, const json_t *doc, double seats, double seat_gb)
{
    const json_t *recs = json_object_get(doc, "recommendations");
    ck_assert_uint_gt(json_array_size(recs), 0);
    size_t i;
    const json_t *r;
    json_array_foreach(recs, i, r) {
        const json_t *s = json_object_get(r, "seats");
        ck_assert_msg(s != NULL, "pick %zu has no seats", i);
        const char *gpu_id = json_string_value(json_object_get(json_object_get(r, "gpu"), "id"));
        const catalog_gpu *gpu = catalog_find_gpu(snap, gpu_id);
        ck_assert(gpu != NULL);
        double count = number(r, "gpu_count"), nodes = number(r, "nodes");
        double per = count < 1 ? 1 : gpu->vgpu ? count * floor(gpu->memory_gb / seat_gb) : count;
        ck_assert_double_eq_tol(number(s, "seats_per_instance"), per, 1e-9);
        ck_assert_double_eq_tol(number(s, "instances"), ceil(seats / per), 1e-9);
        ck_assert_double_eq_tol(nodes, ceil(seats / per), 1e-9);
        ck_assert_double_eq_tol(number(s, "idle_seats"), per * nodes - seats, 1e-9);
        ck_assert_double_eq_tol(number(s, "usd_per_seat_hour"), number(r, "hourly_usd") / seats, 1e-6);
    }
}

START_TEST(a_shared_gpu_carries_the_seats_its_memory_holds)
{
    catalog *snap = seed_catalog_load();
    json_t *doc = answer(snap, "{\"workload\": {\"kind\": \"rendering\", \"seats\": 12, \"seat_memory_gb\": 8, "
                               "\"hours\": 160}, \"objective\": \"cost\", \"limit\": 8}", 200);
    check_picks(snap, doc, 12, 8);
    /* the cheapest way to 12 seats of 8 GB shares 48 GB GPUs six ways, not twelve separate GPUs */
    const json_t *first = json_array_get(json_object_get(doc, "recommendations"), 0);
    ck_assert_double_ge(number(json_object_get(first, "seats"), "seats_per_instance"), 6);
    json_decref(doc);
    catalog_release(snap);
}
END_TEST

START_TEST(a_provider_slice_is_one_seat)
{
    catalog *snap = seed_catalog_load();
    json_t *doc = answer(snap, "{\"workload\": {\"kind\": \"general\", \"seats\": 6, \"seat_memory_gb\": 4, "
                               "\"hours\": 730}, \"constraints\": {\"providers\": [\"azure\"]}, "
                               "\"objective\": \"cost\", \"limit\": 10}", 200);
    check_picks(snap, doc, 6, 4);
    bool slice_seen = false;
    size_t i;
    const json_t *r;
    json_array_foreach(json_object_get(doc, "recommendations"), i, r)
        if (number(r, "gpu_count") < 1) {
            slice_seen = true;
            ck_assert_double_eq(number(r, "nodes"), 6);
        }
    ck_assert_msg(slice_seen, "Azure's A10 slices are among the ten cheapest ways to six 4 GB seats");
    json_decref(doc);
    catalog_release(snap);
}
END_TEST

START_TEST(seats_are_refused_where_they_do_not_apply)
{
    catalog *snap = seed_catalog_load();
    static const char *const bodies[][2] = {
        {"{\"workload\": {\"kind\": \"training\", \"model_params_b\": 7, \"hours\": 1, \"seats\": 4, "
         "\"seat_memory_gb\": 8}}", "workload.seats"},
        {"{\"workload\": {\"kind\": \"rendering\", \"seats\": 4, \"hours\": 1}}", "workload.seat_memory_gb"},
        {"{\"workload\": {\"kind\": \"rendering\", \"seat_memory_gb\": 4, \"hours\": 1}}", "workload.seat_memory_gb"},
        {"{\"workload\": {\"kind\": \"rendering\", \"seats\": 0, \"seat_memory_gb\": 4, \"hours\": 1}}",
         "workload.seats"},
        {"{\"workload\": {\"kind\": \"rendering\", \"seats\": 2, \"seat_memory_gb\": 4, \"gpus\": 2, \"hours\": 1}}",
         "workload.gpus"},
    };
    for (size_t i = 0; i < sizeof bodies / sizeof bodies[0]; i++) {
        json_t *doc = answer(snap, bodies[i][0], 422);
        bool named = false;
        size_t j;
        const json_t *e;
        json_array_foreach(json_object_get(doc, "errors"), j, e)
            named |= strcmp(json_string_value(json_object_get(e, "field")), bodies[i][1]) == 0;
        ck_assert_msg(named, "%s names %s", bodies[i][0], bodies[i][1]);
        json_decref(doc);
    }
    catalog_release(snap);
}
END_TEST

static Suite *seats_suite(void)
{
    Suite *s = suite_create("seats");
    TCase *tc = tcase_create("seats");
    tcase_set_timeout(tc, 60);
    tcase_add_test(tc, a_shared_gpu_carries_the_seats_its_memory_holds);
    tcase_add_test(tc, a_provider_slice_is_one_seat);
    tcase_add_test(tc, seats_are_refused_where_they_do_not_apply);
    suite_add_tcase(s, tc);
    return s;
}

int main(void)
{
    return check_run_suite(seats_suite());
}
