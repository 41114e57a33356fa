/* Export of a pick (service/engine/export/export.c): format names and media types, what each text says for a few picks, the
 * escaping of YAML and HCL strings, and the refusals (a provider a format cannot deploy, a malformed pick) with
 * nothing written. The texts are parsed by real YAML and HCL parsers and Kubernetes schemas in tests/export/, which
 * runs this binary as
 *   test_export --emit FORMAT PROVIDER INSTANCE REGION PRICING NODES GPUS GPU_ID VENDOR CLUSTER_NETWORK [JOB_NAME]
 * to print one export (exit 0), or the error on stderr (exit 2 for a malformed pick, 3 for an unsupported one). */
#include <check.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "base/buf.h"
#include "engine/export/export.h"
#include "support/check_support.h"

static catalog_gpu h100 = {.id = "h100-sxm-80gb", .name = "NVIDIA H100 SXM5 80GB", .vendor = "nvidia"};
static catalog_gpu mi300x = {.id = "mi300x", .name = "AMD Instinct MI300X", .vendor = "amd"};
static catalog_gpu gaudi = {.id = "gaudi2", .name = "Intel Gaudi 2", .vendor = "intel"};
static catalog_instance p5 = {.id = "p5.48xlarge", .cluster_network = "efa", .gpu_count = 8};

static export_pick p5_pick(void)
{
    export_pick pick = {.provider_id = "aws", .instance_type = "p5.48xlarge", .region_id = "us-east-1",
                        .pricing = PRICING_SPOT, .nodes = 2, .gpus_per_node = 8, .gpu = &h100, .instance = &p5};
    return pick;
}

/* The text of pick in f, or NULL with *rc set; caller frees. */
static char *export_text(const export_pick *pick, export_format f, int *rc, char *err, size_t err_len)
{
    bytebuf out;
    buf_init(&out, 64); /* a buffer with room is terminated from the start, so an empty one reads as "" */
    *rc = export_write(pick, f, &out, err, err_len);
    char *text = buf_finish(&out, NULL);
    if (*rc != 0) {
        ck_assert_msg(text[0] == '\0', "an error still wrote: %s", text);
        free(text);
        return NULL;
    }
    return text;
}

static void assert_has(const char *text, const char *part)
{
    ck_assert_msg(strstr(text, part) != NULL, "missing %s in:\n%s", part, text);
}

START_TEST(names_and_media_types)
{
    export_format f;
    char list[64];
    ck_assert_int_eq(export_format_parse("terraform", &f), 0);
    ck_assert_int_eq(f, EXPORT_TERRAFORM);
    ck_assert_int_eq(export_format_parse("Terraform", &f), -1);
    ck_assert_int_eq(export_format_parse(NULL, &f), -1);
    ck_assert_str_eq(export_format_name(EXPORT_KUBERNETES), "kubernetes");
    ck_assert_ptr_null(export_format_name(EXPORT_FORMAT_COUNT));
    ck_assert_str_eq(export_media_type(EXPORT_SKYPILOT), "application/yaml");
    ck_assert_str_eq(export_media_type(EXPORT_TERRAFORM), "text/plain; charset=utf-8");
    ck_assert_str_eq(export_media_type(EXPORT_KUBERNETES), "application/yaml");
    ck_assert_str_eq(export_format_list(list, sizeof list), "skypilot, terraform, kubernetes");
}
END_TEST

START_TEST(p5_in_every_format)
{
    export_pick pick = p5_pick();
    int rc;
    char err[256];
    char *sky = export_text(&pick, EXPORT_SKYPILOT, &rc, err, sizeof err);
    ck_assert_ptr_nonnull(sky);
    assert_has(sky, "  accelerators: \"H100:8\"\n");
    assert_has(sky, "  use_spot: true\n");
    assert_has(sky, "num_nodes: 2\n");
    assert_has(sky, "  disk_size: 256\n");
    assert_has(sky, "name: \"gpurec-p5-48xlarge\"\n");
    char *tf = export_text(&pick, EXPORT_TERRAFORM, &rc, err, sizeof err);
    ck_assert_ptr_nonnull(tf);
    assert_has(tf, "strategy = \"cluster\"");
    assert_has(tf, "interface_type = \"efa\"");
    assert_has(tf, "market_type = \"spot\"");
    assert_has(tf, "source = \"hashicorp/aws\"");
    char *k8s = export_text(&pick, EXPORT_KUBERNETES, &rc, err, sizeof err);
    ck_assert_ptr_nonnull(k8s);
    assert_has(k8s, "kind: NodePool\n");
    assert_has(k8s, "\n---\napiVersion: batch/v1\n");
    assert_has(k8s, "\"nvidia.com/gpu\": 8\n");
    assert_has(k8s, "\"karpenter.sh/capacity-type\": \"spot\"");
    free(sky);
    free(tf);
    free(k8s);
}
END_TEST

START_TEST(on_demand_single_node_and_amd)
{
    export_pick pick = p5_pick();
    pick.pricing = PRICING_RESERVED_1Y; /* a commitment is billing; the capacity is on-demand */
    pick.nodes = 1;
    int rc;
    char err[256];
    char *tf = export_text(&pick, EXPORT_TERRAFORM, &rc, err, sizeof err);
    ck_assert_ptr_nonnull(tf);
    ck_assert_ptr_null(strstr(tf, "count"));
    ck_assert_ptr_null(strstr(tf, "aws_placement_group"));
    ck_assert_ptr_null(strstr(tf, "market_type"));
    assert_has(tf, "network_interface_id = aws_network_interface.efa.id");
    free(tf);
    export_pick amd = {.provider_id = "oci", .instance_type = "BM.GPU.MI300X.8", .region_id = "us-chicago-1",
                       .pricing = PRICING_ON_DEMAND, .nodes = 4, .gpus_per_node = 8, .gpu = &mi300x};
    char *k8s = export_text(&amd, EXPORT_KUBERNETES, &rc, err, sizeof err);
    ck_assert_ptr_nonnull(k8s);
    assert_has(k8s, "\"amd.com/gpu\": 8\n");
    assert_has(k8s, "completions: 4\n");
    ck_assert_ptr_null(strstr(k8s, "NodePool"));
    ck_assert_ptr_null(strstr(k8s, "nvidia"));
    char *sky = export_text(&amd, EXPORT_SKYPILOT, &rc, err, sizeof err);
    assert_has(sky, "\"MI300X:8\"");
    assert_has(sky, "  use_spot: false\n");
    free(k8s);
    free(sky);
}
END_TEST

START_TEST(gcp_n1_takes_guest_accelerators)
{
    catalog_gpu t4 = {.id = "t4", .name = "NVIDIA T4", .vendor = "nvidia"};
    export_pick pick = {.provider_id = "gcp", .instance_type = "n1-standard-16-t4-1", .region_id = "us-central1",
                        .pricing = PRICING_SPOT, .nodes = 1, .gpus_per_node = 1, .gpu = &t4};
    int rc;
    char err[256];
    char *tf = export_text(&pick, EXPORT_TERRAFORM, &rc, err, sizeof err);
    assert_has(tf, "machine_type = \"n1-standard-16\"\n");
    assert_has(tf, "type = \"nvidia-tesla-t4\"");
    assert_has(tf, "provisioning_model = \"SPOT\"");
    char *sky = export_text(&pick, EXPORT_SKYPILOT, &rc, err, sizeof err);
    assert_has(sky, "instance_type: \"n1-standard-16\"\n");
    assert_has(sky, "\"T4:1\"");
    free(tf);
    free(sky);
}
END_TEST

START_TEST(refusals_name_the_provider)
{
    export_pick pick = p5_pick();
    int rc;
    char err[256];
    pick.provider_id = "lambda";
    pick.instance_type = "gpu_8x_h100_sxm5";
    pick.pricing = PRICING_ON_DEMAND;
    ck_assert_ptr_null(export_text(&pick, EXPORT_TERRAFORM, &rc, err, sizeof err));
    ck_assert_int_eq(rc, EXPORT_EUNSUPPORTED);
    assert_has(err, "lambda has no official Terraform provider");
    pick.pricing = PRICING_SPOT;
    ck_assert_ptr_null(export_text(&pick, EXPORT_SKYPILOT, &rc, err, sizeof err));
    ck_assert_int_eq(rc, EXPORT_EUNSUPPORTED);
    assert_has(err, "no spot capacity on lambda");
    pick.provider_id = "alibaba";
    ck_assert_ptr_null(export_text(&pick, EXPORT_SKYPILOT, &rc, err, sizeof err));
    ck_assert_int_eq(rc, EXPORT_EUNSUPPORTED);
    assert_has(err, "SkyPilot cannot launch on alibaba");
    pick = p5_pick();
    pick.gpu = &gaudi;
    ck_assert_ptr_null(export_text(&pick, EXPORT_KUBERNETES, &rc, err, sizeof err));
    ck_assert_int_eq(rc, EXPORT_EUNSUPPORTED);
    assert_has(err, "intel");
}
END_TEST

START_TEST(malformed_picks)
{
    int rc;
    char err[256];
    export_pick pick = p5_pick();
    pick.nodes = 0;
    ck_assert_ptr_null(export_text(&pick, EXPORT_SKYPILOT, &rc, err, sizeof err));
    ck_assert_int_eq(rc, EXPORT_EINVAL);
    assert_has(err, "nodes");
    pick = p5_pick();
    pick.gpus_per_node = 2.5;
    ck_assert_ptr_null(export_text(&pick, EXPORT_SKYPILOT, &rc, err, sizeof err));
    assert_has(err, "gpus per node");
    pick = p5_pick();
    pick.job_name = "Train_Run";
    ck_assert_ptr_null(export_text(&pick, EXPORT_TERRAFORM, &rc, err, sizeof err));
    assert_has(err, "job name");
    pick = p5_pick();
    pick.region_id = "us-east-1\nx: y";
    ck_assert_ptr_null(export_text(&pick, EXPORT_SKYPILOT, &rc, err, sizeof err));
    assert_has(err, "region");
    pick = p5_pick();
    pick.instance_type = "p5 \"48\"";
    ck_assert_ptr_null(export_text(&pick, EXPORT_KUBERNETES, &rc, err, sizeof err));
    assert_has(err, "label values");
    ck_assert_int_eq(export_write(NULL, EXPORT_SKYPILOT, NULL, err, sizeof err), EXPORT_EINVAL);
    ck_assert_int_eq(export_write(&pick, EXPORT_FORMAT_COUNT, NULL, err, sizeof err), EXPORT_EINVAL);
}
END_TEST

/* The edges of the checks every pick passes: an id of 128 bytes goes, 129 does not, nor an empty one; a Kubernetes
 * label value of 63 bytes goes, 64 does not, nor one that starts or ends with anything but a letter or digit. */
START_TEST(id_and_label_limits)
{
    int rc;
    char err[256], id[160], label[80];
    memset(id, 'a', sizeof id);
    export_pick pick = p5_pick();
    id[128] = '\0';
    pick.instance_type = id;
    char *text = export_text(&pick, EXPORT_SKYPILOT, &rc, err, sizeof err);
    ck_assert_msg(text != NULL, "128 bytes refused: %s", err);
    free(text);
    id[128] = 'a';
    id[129] = '\0';
    ck_assert_ptr_null(export_text(&pick, EXPORT_SKYPILOT, &rc, err, sizeof err));
    assert_has(err, "instance_type must be 1 to 128");
    pick = p5_pick();
    pick.provider_id = "";
    ck_assert_ptr_null(export_text(&pick, EXPORT_SKYPILOT, &rc, err, sizeof err));
    assert_has(err, "provider must be 1 to 128");
    static const struct {
        const char *region;
        bool label;
    } regions[] = {{"us-east-1", true}, {"a", true},      {"a.b_c-d", true}, {"-us", false},
                   {"us-", false},      {".us", false},   {"us_", false},    {"u s", false}};
    for (size_t i = 0; i < sizeof regions / sizeof regions[0]; i++) {
        pick = p5_pick();
        pick.region_id = regions[i].region;
        text = export_text(&pick, EXPORT_KUBERNETES, &rc, err, sizeof err);
        ck_assert_msg((text != NULL) == regions[i].label, "region %s: %s", regions[i].region, text ? "taken" : err);
        free(text);
    }
    memset(label, 'b', sizeof label);
    label[63] = '\0';
    pick = p5_pick();
    pick.region_id = label;
    text = export_text(&pick, EXPORT_KUBERNETES, &rc, err, sizeof err);
    ck_assert_msg(text != NULL, "a 63-byte label refused: %s", err);
    free(text);
    label[63] = 'b';
    label[64] = '\0';
    ck_assert_ptr_null(export_text(&pick, EXPORT_KUBERNETES, &rc, err, sizeof err));
    assert_has(err, "label values");
}
END_TEST

START_TEST(strings_are_escaped)
{
    int rc;
    char err[256];
    export_pick pick = p5_pick();
    pick.instance_type = "p5 \"x\" ${var.y} %{if} \\";
    char *sky = export_text(&pick, EXPORT_SKYPILOT, &rc, err, sizeof err);
    assert_has(sky, "instance_type: \"p5 \\\"x\\\" ${var.y} %{if} \\\\\"\n");
    char *tf = export_text(&pick, EXPORT_TERRAFORM, &rc, err, sizeof err);
    assert_has(tf, "instance_type = \"p5 \\\"x\\\" $${var.y} %%{if} \\\\\"\n");
    assert_has(tf, "Name = \"gpurec-p5-x-var-y-if-${count.index}\"");
    free(sky);
    free(tf);
}
END_TEST

static Suite *export_suite(void)
{
    Suite *s = suite_create("export");
    TCase *tc = tcase_create("texts");
    tcase_add_test(tc, names_and_media_types);
    tcase_add_test(tc, p5_in_every_format);
    tcase_add_test(tc, on_demand_single_node_and_amd);
    tcase_add_test(tc, gcp_n1_takes_guest_accelerators);
    tcase_add_test(tc, refusals_name_the_provider);
    tcase_add_test(tc, malformed_picks);
    tcase_add_test(tc, id_and_label_limits);
    tcase_add_test(tc, strings_are_escaped);
    suite_add_tcase(s, tc);
    return s;
}

/* --emit: one export of a pick given on the command line, for tests/export/. */
static int emit(int argc, char **argv)
{
    if (argc < 12 || argc > 13) {
        fprintf(stderr, "usage: %s --emit FORMAT PROVIDER INSTANCE REGION PRICING NODES GPUS GPU_ID VENDOR "
                        "CLUSTER_NETWORK [JOB_NAME]\n", argv[0]);
        return 2;
    }
    export_format f;
    pricing_model pricing;
    if (export_format_parse(argv[2], &f) != 0 || pricing_model_parse(argv[6], &pricing) != 0) {
        fprintf(stderr, "unknown format %s or pricing model %s\n", argv[2], argv[6]);
        return 2;
    }
    catalog_gpu gpu = {.id = argv[9], .name = argv[9], .vendor = argv[10]};
    catalog_instance instance = {.id = argv[4], .cluster_network = argv[11], .gpu_count = atof(argv[8])};
    export_pick pick = {.provider_id = argv[3], .instance_type = argv[4], .region_id = argv[5], .pricing = pricing,
                        .nodes = (unsigned)strtoul(argv[7], NULL, 10), .gpus_per_node = atof(argv[8]),
                        .gpu = &gpu, .instance = &instance, .job_name = argc == 13 ? argv[12] : NULL};
    bytebuf out;
    char err[256];
    buf_init(&out, 0);
    int rc = export_write(&pick, f, &out, err, sizeof err);
    if (rc == 0)
        fwrite(out.data, 1, out.len, stdout);
    else
        fprintf(stderr, "%s\n", err);
    buf_free(&out);
    return rc == 0 ? 0 : rc == EXPORT_EUNSUPPORTED ? 3 : 2;
}

int main(int argc, char **argv)
{
    if (argc > 1 && strcmp(argv[1], "--emit") == 0)
        return emit(argc, argv);
    return check_run_suite(export_suite());
}
