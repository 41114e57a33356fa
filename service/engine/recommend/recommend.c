#include "engine/recommend/recommend.h"

#include <stdlib.h>
#include <string.h>

#include "base/util.h"
#include "engine/recommend/internal.h"

int recommend_run(const catalog *snap, const json_t *request, const recommend_options *opts, jsonw *out,
                  problem **error)
{
    int rc = -1;
    rec_request r;
    rec_filters filters = {NULL, NULL, NULL, NULL};
    walk_state st;
    recommend_alternatives alts;
    alts.count = 0;
    memset(&r, 0, sizeof r);
    memset(&st, 0, sizeof st);
    *error = NULL;
    if (recommend_parse(snap, request, &r, &filters, error) != 0)
        goto out;
    sizing_requirements req;
    if (sizing_derive(&r.workload, &req) != 0) { /* the validation above rules this out; answer 422 all the same */
        *error = problem_new(422, "invalid-request", "Invalid request", "the workload cannot be sized");
        problem_add_field(*error, "workload.model_params_b", "is required to size this workload");
        goto out;
    }
    r.compute_precision = req.compute_precision;
    st.items = xcalloc(r.limit, sizeof *st.items);
    if (snap->shapes != NULL && snap->shape_count > 0) /* for the alternatives that change only pricing */
        st.fits = xmalloc(snap->shape_count * sizeof *st.fits);
    walk_side sides[RECOMMEND_MAX_SIDES];
    st.sides = sides;
    st.side_count = recommend_alternatives_sides(&r, &req, sides, RECOMMEND_MAX_SIDES);
    recommend_rank(&r, &filters, snap, &req, &st);
    if (recommend_alternatives_find(snap, request, &r, &filters, &req, &st, &alts, error) != 0)
        goto out;
    recommend_relaxed relaxed;
    recommend_relax(snap, &r, &filters, &req, &st, &relaxed);
    recommend_write(out, &r, &req, opts, snap, &st, &alts, &relaxed);
    rc = 0;
out:
    recommend_alternatives_free(&alts);
    free(st.items);
    free(st.fits);
    recommend_filters_free(&filters);
    return rc;
}
