/* Export of a pick: names, checks, the escaping of YAML and HCL strings, the SkyPilot task and the Kubernetes
 * manifests (Terraform is in terraform.c). */
#include "engine/export/export.h"

#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "base/vocab.h"
#include "engine/export/internal.h"

static const char *const format_names[EXPORT_FORMAT_COUNT] = {"skypilot", "terraform", "kubernetes"};

/* YAML has a registered media type (RFC 9512) for the SkyPilot task and the Kubernetes manifests. HCL has none at
 * IANA and HashiCorp names none, so Terraform goes out as the plain text it is, which every browser and curl shows. */
static const char *const format_media_types[EXPORT_FORMAT_COUNT] = {
    "application/yaml", "text/plain; charset=utf-8", "application/yaml"};

const char *export_format_name(export_format f)
{
    return (unsigned)f < EXPORT_FORMAT_COUNT ? format_names[f] : NULL;
}

int export_format_parse(const char *name, export_format *out)
{
    for (unsigned i = 0; name && i < EXPORT_FORMAT_COUNT; i++) {
        if (strcmp(name, format_names[i]) == 0) {
            *out = (export_format)i;
            return 0;
        }
    }
    return -1;
}

const char *export_media_type(export_format f)
{
    return (unsigned)f < EXPORT_FORMAT_COUNT ? format_media_types[f] : NULL;
}

char *export_format_list(char *out, size_t out_len)
{
    if (out_len == 0)
        return out;
    out[0] = '\0';
    size_t used = 0;
    for (unsigned i = 0; i < EXPORT_FORMAT_COUNT && used < out_len; i++) {
        int n = snprintf(out + used, out_len - used, "%s%s", i ? ", " : "", format_names[i]);
        if (n < 0)
            break;
        used += (size_t)n;
    }
    return out;
}

/* ---- accelerators ----------------------------------------------------------------------------------------------- */

/* SkyPilot's accelerator names for the catalog's GPUs, as its catalogs spell them in the AcceleratorName column:
 * the common names from `sky show-gpus -a` (docs/source/compute/show-gpus-all.txt in skypilot-org/skypilot: A10, A10G,
 * A100, A100-80GB, H100, H200, L4, L40S, T4, V100, V100-32GB; A40, A6000, B200, GH200, L40, MI300X), and per instance in
 * skypilot-org/skypilot-catalog catalogs/v8/oci/vms.csv (BM.GPU.A100-v2.8 A100-80GB, BM.GPU.MI300X.8 MI300X,
 * BM.GPU.H100.8 H100) and catalogs/v8/lambda/vms.csv (gpu_*_a6000 A6000). A GPU without a row here (H100 NVL, MI250X,
 * MI325X, Gaudi) has no name we could confirm: the task then names only the instance type, which SkyPilot accepts. */
static const struct {
    const char *gpu_id;
    const char *skypilot;
} skypilot_names[] = {
    {"v100-sxm2-16gb", "V100"},   {"v100-sxm2-32gb", "V100-32GB"}, {"t4", "T4"},
    {"a10", "A10"},               {"a10g", "A10G"},                {"l4", "L4"},
    {"l40s", "L40S"},             {"l40", "L40"},                  {"a40", "A40"},
    {"rtx-a6000", "A6000"},       {"a100-sxm-40gb", "A100"},       {"a100-pcie-40gb", "A100"},
    {"a100-sxm-80gb", "A100-80GB"}, {"a100-pcie-80gb", "A100-80GB"}, {"h100-sxm-80gb", "H100"},
    {"h100-pcie-80gb", "H100"},   {"h200-sxm-141gb", "H200"},      {"gh200-96gb", "GH200"},
    {"b200-sxm-180gb", "B200"},   {"mi300x", "MI300X"},
};

static const char *skypilot_accelerator(const catalog_gpu *gpu)
{
    for (size_t i = 0; i < sizeof skypilot_names / sizeof skypilot_names[0]; i++)
        if (strcmp(gpu->id, skypilot_names[i].gpu_id) == 0)
            return skypilot_names[i].skypilot;
    return NULL;
}

/* The extended resource each vendor's device plugin advertises: nvidia.com/gpu (github.com/NVIDIA/k8s-device-plugin)
 * and amd.com/gpu (github.com/ROCm/k8s-device-plugin); an image of the vendor's that carries a probe command (the
 * NVIDIA container runtime mounts nvidia-smi into CUDA images, hub.docker.com/r/nvidia/cuda; rocm-smi is in
 * hub.docker.com/r/rocm/rocm-terminal). Other vendors (Intel Gaudi) are left out until their plugin is confirmed. */
static const struct {
    const char *vendor;
    const char *resource;
    const char *image;
    const char *probe;
} device_plugins[] = {
    {"nvidia", "nvidia.com/gpu", "nvidia/cuda:12.4.1-base-ubuntu22.04", "nvidia-smi"},
    {"amd", "amd.com/gpu", "rocm/rocm-terminal:latest", "rocm-smi"},
};

static int device_plugin(const catalog_gpu *gpu)
{
    for (size_t i = 0; i < sizeof device_plugins / sizeof device_plugins[0]; i++)
        if (gpu->vendor && strcmp(gpu->vendor, device_plugins[i].vendor) == 0)
            return (int)i;
    return -1;
}

/* ---- strings ------------------------------------------------------------------------------------------------------ */

static void append_escaped(bytebuf *out, const char *text, bool hcl)
{
    buf_append_str(out, "\"");
    for (const unsigned char *p = (const unsigned char *)text; *p; p++) {
        if (*p == '"' || *p == '\\') {
            char pair[2] = {'\\', (char)*p};
            buf_append(out, pair, 2);
        } else if (*p == '\n') {
            buf_append_str(out, "\\n");
        } else if (*p == '\t') {
            buf_append_str(out, "\\t");
        } else if (*p < 0x20 || *p == 0x7f) {
            buf_printf(out, "\\u%04x", *p);
        } else if (hcl && (*p == '$' || *p == '%') && p[1] == '{') {
            char pair[2] = {(char)*p, (char)*p}; /* $${ and %%{ are the literal ${ and %{ */
            buf_append(out, pair, 2);
        } else {
            buf_append(out, p, 1);
        }
    }
    buf_append_str(out, "\"");
}

void export_yaml_str(bytebuf *out, const char *text)
{
    append_escaped(out, text, false);
}

void export_hcl_str(bytebuf *out, const char *text)
{
    append_escaped(out, text, true);
}

void export_headline(bytebuf *out, const export_plan *plan)
{
    const export_pick *pick = plan->pick;
    buf_printf(out, "# %u x %s (", pick->nodes, pick->instance_type);
    if (plan->slice)
        buf_printf(out, "a %.2f slice of one %s", pick->gpus_per_node, pick->gpu->name ? pick->gpu->name : pick->gpu->id);
    else
        buf_printf(out, "%u x %s", plan->gpus, pick->gpu->name ? pick->gpu->name : pick->gpu->id);
    buf_printf(out, " each) in %s %s, %s. Written by gpurec.\n", pick->provider_id, pick->region_id,
               plan->spot ? "spot" : "on-demand");
}

/* ---- checks ------------------------------------------------------------------------------------------------------- */

static int fail(char *err, size_t err_len, int code, const char *fmt, ...) __attribute__((format(printf, 4, 5)));

static int fail(char *err, size_t err_len, int code, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    if (err_len)
        vsnprintf(err, err_len, fmt, ap);
    va_end(ap);
    return code;
}

/* An id the texts can carry inside quotes and comments: 1 to 128 bytes, no control characters. */
static bool plain_id(const char *id)
{
    if (id == NULL || id[0] == '\0')
        return false;
    size_t len = 0;
    for (const unsigned char *p = (const unsigned char *)id; *p; p++, len++)
        if (*p < 0x20 || *p == 0x7f || len == 128)
            return false;
    return true;
}

/* A Kubernetes label value: at most 63 of [A-Za-z0-9._-], starting and ending alphanumeric. */
static bool label_value(const char *text)
{
    bool last_alnum = false;
    size_t i = 0;
    for (; text[i] != '\0'; i++) {
        char c = text[i];
        last_alnum = (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9');
        if (i == 63 || (!last_alnum && (i == 0 || (c != '-' && c != '_' && c != '.'))))
            return false;
    }
    return i > 0 && last_alnum;
}

static bool job_name_ok(const char *name)
{
    size_t len = strlen(name);
    if (len == 0 || len > EXPORT_JOB_NAME_MAX || name[0] < 'a' || name[0] > 'z' || name[len - 1] == '-')
        return false;
    for (size_t i = 0; i < len; i++)
        if (!((name[i] >= 'a' && name[i] <= 'z') || (name[i] >= '0' && name[i] <= '9') || name[i] == '-'))
            return false;
    return true;
}

/* "gpurec-" and the instance type in lower case, other characters as single dashes, cut to the limit. */
static void default_name(const char *instance_type, char *out)
{
    size_t len = (size_t)snprintf(out, EXPORT_JOB_NAME_MAX + 1, "gpurec-");
    for (const char *p = instance_type; *p && len < EXPORT_JOB_NAME_MAX; p++) {
        char c = *p;
        if (c >= 'A' && c <= 'Z')
            c = (char)(c - 'A' + 'a');
        if (!((c >= 'a' && c <= 'z') || (c >= '0' && c <= '9')))
            c = '-';
        if (c == '-' && out[len - 1] == '-')
            continue;
        out[len++] = c;
    }
    while (out[len - 1] == '-')
        len--;
    out[len] = '\0';
}

/* GCP's catalog ids for N1 with attached GPUs carry the GPU ("n1-standard-16-t4-1"); the machine type is the part
 * before it. Other GCP accelerator-optimized types (a2, a3, g2) come with their GPUs. */
static size_t machine_type_len(const char *provider_id, const char *instance_type)
{
    size_t len = strlen(instance_type);
    if (strcmp(provider_id, "gcp") != 0 || strncmp(instance_type, "n1-", 3) != 0)
        return len;
    int dashes = 0;
    for (size_t i = 0; i < len; i++)
        if (instance_type[i] == '-' && ++dashes == 3)
            return i;
    return len;
}

static int check_pick(const export_pick *pick, export_plan *plan, char *machine, char *err, size_t err_len)
{
    if (!pick)
        return fail(err, err_len, EXPORT_EINVAL, "no pick to export");
    if (!plain_id(pick->provider_id))
        return fail(err, err_len, EXPORT_EINVAL, "provider must be 1 to 128 characters without control characters");
    if (!plain_id(pick->instance_type))
        return fail(err, err_len, EXPORT_EINVAL, "instance_type must be 1 to 128 characters without control characters");
    if (!plain_id(pick->region_id))
        return fail(err, err_len, EXPORT_EINVAL, "region must be 1 to 128 characters without control characters");
    if (!pricing_model_name(pick->pricing))
        return fail(err, err_len, EXPORT_EINVAL, "pricing is not a pricing model");
    if (pick->nodes < 1 || pick->nodes > 4096)
        return fail(err, err_len, EXPORT_EINVAL, "nodes must be 1 to 4096");
    if (!pick->gpu || !plain_id(pick->gpu->id))
        return fail(err, err_len, EXPORT_EINVAL, "the pick names no GPU");
    double g = pick->gpus_per_node;
    if (!isfinite(g) || g <= 0 || g > 64 || (g > 1 && g != floor(g)))
        return fail(err, err_len, EXPORT_EINVAL, "gpus per node must be a whole number from 1 to 64, or a slice below 1");
    if (pick->disk_gb > 65536)
        return fail(err, err_len, EXPORT_EINVAL, "disk_gb must be at most 65536");
    if (pick->job_name && !job_name_ok(pick->job_name))
        return fail(err, err_len, EXPORT_EINVAL,
                    "job name must be 1 to %u of a-z, 0-9 and '-', starting with a letter and not ending with '-'",
                    EXPORT_JOB_NAME_MAX);
    plan->pick = pick;
    plan->slice = g < 1;
    plan->gpus = plan->slice ? 1u : (unsigned)g;
    plan->spot = vocab_pricing_models[pick->pricing].interruptible;
    plan->disk_gb = pick->disk_gb ? pick->disk_gb : EXPORT_DEFAULT_DISK_GB;
    plan->name[0] = '\0'; /* named by name_plan() when the text is written: no check reads it */
    size_t mlen = machine_type_len(pick->provider_id, pick->instance_type);
    memcpy(machine, pick->instance_type, mlen);
    machine[mlen] = '\0';
    plan->machine_type = machine;
    return 0;
}

/* The job's name in a checked plan: the pick's own, else one made from the instance type. */
static void name_plan(export_plan *plan)
{
    const export_pick *pick = plan->pick;
    if (pick->job_name)
        memcpy(plan->name, pick->job_name, strlen(pick->job_name) + 1); /* checked to fit */
    else
        default_name(pick->instance_type, plan->name);
}

/* ---- SkyPilot ----------------------------------------------------------------------------------------------------- */

/* The clouds SkyPilot launches on, and its name of each, are the providers' rows in vocab_adapters (base/vocab.h). */
static bool has_skypilot(const adapter_info *row)
{
    return row->provider && row->skypilot_cloud != NULL;
}

static int skypilot_check(const export_plan *plan, char *err, size_t err_len)
{
    const export_pick *pick = plan->pick;
    const adapter_info *row = vocab_provider_find(pick->provider_id);
    if (row != NULL && has_skypilot(row)) {
        if (plan->spot && !row->skypilot_spot)
            return fail(err, err_len, EXPORT_EUNSUPPORTED, "SkyPilot has no spot capacity on %s", pick->provider_id);
        return 0;
    }
    char names[256];
    return fail(err, err_len, EXPORT_EUNSUPPORTED, "SkyPilot cannot launch on %s (its clouds here: %s)",
                pick->provider_id, vocab_adapter_list_if(names, sizeof names, has_skypilot));
}

static void skypilot_write(const export_plan *plan, bytebuf *out)
{
    const export_pick *pick = plan->pick;
    const char *accelerator = plan->slice ? NULL : skypilot_accelerator(pick->gpu);
    int plugin = device_plugin(pick->gpu);
    export_headline(out, plan);
    buf_printf(out, "# Launch with: sky launch -c %s task.yaml\nname: ", plan->name);
    export_yaml_str(out, plan->name);
    buf_printf(out, "\nnum_nodes: %u\nresources:\n  cloud: ", pick->nodes);
    export_yaml_str(out, vocab_provider_find(pick->provider_id)->skypilot_cloud); /* skypilot_check() passed */
    buf_append_str(out, "\n  region: ");
    export_yaml_str(out, pick->region_id);
    buf_append_str(out, "\n  instance_type: ");
    export_yaml_str(out, plan->machine_type);
    buf_append_str(out, "\n");
    if (accelerator) {
        char spec[64];
        snprintf(spec, sizeof spec, "%s:%u", accelerator, plan->gpus);
        buf_append_str(out, "  accelerators: ");
        export_yaml_str(out, spec);
        buf_append_str(out, "\n");
    } else {
        buf_printf(out, "  # no accelerators line: the instance type alone selects its %s\n", pick->gpu->id);
    }
    buf_printf(out, "  use_spot: %s\n  disk_size: %u\nrun: |\n  %s\n", plan->spot ? "true" : "false", plan->disk_gb,
               plugin >= 0 ? device_plugins[plugin].probe : "nvidia-smi");
}

/* ---- Kubernetes --------------------------------------------------------------------------------------------------- */

/* How a pod asks for spot nodes on each managed Kubernetes: Karpenter's karpenter.sh/capacity-type label on EKS
 * (karpenter.sh/docs/concepts/scheduling), cloud.google.com/gke-spot on GKE
 * (cloud.google.com/kubernetes-engine/docs/concepts/spot-vms) and kubernetes.azure.com/scalesetpriority on AKS, whose
 * spot nodes also carry a NoSchedule taint of the same key (learn.microsoft.com/azure/aks/spot-node-pool). Other
 * providers name their spot node pools themselves. */
static const struct {
    const char *provider_id;
    const char *key;
    const char *spot;      /* the label value of spot nodes */
    const char *on_demand; /* of on-demand nodes, NULL when on-demand nodes carry no label to select */
    bool taint;            /* spot nodes are tainted key=spot:NoSchedule */
} spot_labels[] = {
    {"aws", "karpenter.sh/capacity-type", "spot", "on-demand", false},
    {"gcp", "cloud.google.com/gke-spot", "true", NULL, true},
    {"azure", "kubernetes.azure.com/scalesetpriority", "spot", NULL, true},
};

static int kubernetes_check(const export_plan *plan, char *err, size_t err_len)
{
    const export_pick *pick = plan->pick;
    if (device_plugin(pick->gpu) < 0)
        return fail(err, err_len, EXPORT_EUNSUPPORTED, "no Kubernetes device plugin is known for %s GPUs (%s)",
                    pick->gpu->vendor ? pick->gpu->vendor : "unnamed", pick->gpu->id);
    if (!label_value(plan->machine_type) || !label_value(pick->region_id))
        return fail(err, err_len, EXPORT_EINVAL,
                    "instance type and region must be Kubernetes label values (63 of A-Z a-z 0-9 . _ -)");
    return 0;
}

static void yaml_requirement(bytebuf *out, const char *key, const char *value)
{
    buf_append_str(out, "        - key: ");
    export_yaml_str(out, key);
    buf_append_str(out, "\n          operator: \"In\"\n          values: [");
    export_yaml_str(out, value);
    buf_append_str(out, "]\n");
}

/* A NodePool (karpenter.sh/v1) that launches exactly this instance type in this region and capacity type. */
static void karpenter_nodepool(const export_plan *plan, int plugin, bytebuf *out)
{
    const export_pick *pick = plan->pick;
    buf_append_str(out, "# Karpenter launches the nodes; the EC2NodeClass \"default\" (AMI, subnets, security groups)"
                        " is the cluster's own.\napiVersion: karpenter.sh/v1\nkind: NodePool\nmetadata:\n  name: ");
    export_yaml_str(out, plan->name);
    buf_append_str(out, "\nspec:\n  template:\n    spec:\n      nodeClassRef:\n        group: \"karpenter.k8s.aws\"\n"
                        "        kind: \"EC2NodeClass\"\n        name: \"default\"\n      requirements:\n");
    yaml_requirement(out, "node.kubernetes.io/instance-type", plan->machine_type);
    yaml_requirement(out, "topology.kubernetes.io/region", pick->region_id);
    yaml_requirement(out, "karpenter.sh/capacity-type", plan->spot ? "spot" : "on-demand");
    buf_append_str(out, "      taints:\n        - key: ");
    export_yaml_str(out, device_plugins[plugin].resource);
    buf_append_str(out, "\n          effect: \"NoSchedule\"\n  limits:\n    ");
    export_yaml_str(out, device_plugins[plugin].resource);
    buf_printf(out, ": %u\n---\n", plan->gpus * pick->nodes);
}

static void yaml_selector(bytebuf *out, const char *key, const char *value)
{
    buf_append_str(out, "        ");
    export_yaml_str(out, key);
    buf_append_str(out, ": ");
    export_yaml_str(out, value);
    buf_append_str(out, "\n");
}

static void yaml_toleration(bytebuf *out, const char *key, const char *value)
{
    buf_append_str(out, "        - key: ");
    export_yaml_str(out, key);
    if (value) {
        buf_append_str(out, "\n          operator: \"Equal\"\n          value: ");
        export_yaml_str(out, value);
    } else {
        buf_append_str(out, "\n          operator: \"Exists\"");
    }
    buf_append_str(out, "\n          effect: \"NoSchedule\"\n");
}

/* An indexed Job of one pod per node: each pod asks for every GPU of a node, so no two share one. */
static void kubernetes_write(const export_plan *plan, bytebuf *out)
{
    const export_pick *pick = plan->pick;
    int plugin = device_plugin(pick->gpu);
    int spot = -1;
    for (size_t i = 0; i < sizeof spot_labels / sizeof spot_labels[0]; i++)
        if (strcmp(pick->provider_id, spot_labels[i].provider_id) == 0)
            spot = (int)i;
    export_headline(out, plan);
    buf_append_str(out, "# Apply with: kubectl apply -f manifests.yaml\n");
    if (strcmp(pick->provider_id, "aws") == 0)
        karpenter_nodepool(plan, plugin, out);
    buf_printf(out, "apiVersion: batch/v1\nkind: Job\nmetadata:\n  name: ");
    export_yaml_str(out, plan->name);
    buf_printf(out, "\nspec:\n  completionMode: \"Indexed\"\n  completions: %u\n  parallelism: %u\n  backoffLimit: 0\n"
                    "  template:\n    spec:\n      restartPolicy: \"Never\"\n      nodeSelector:\n",
               pick->nodes, pick->nodes);
    yaml_selector(out, "node.kubernetes.io/instance-type", plan->machine_type);
    yaml_selector(out, "topology.kubernetes.io/region", pick->region_id);
    if (spot >= 0 && (plan->spot || spot_labels[spot].on_demand))
        yaml_selector(out, spot_labels[spot].key, plan->spot ? spot_labels[spot].spot : spot_labels[spot].on_demand);
    if (plan->spot && spot < 0)
        buf_printf(out, "        # spot: add the label %s gives its spot node pool\n", pick->provider_id);
    buf_append_str(out, "      tolerations:\n");
    yaml_toleration(out, device_plugins[plugin].resource, NULL);
    if (plan->spot && spot >= 0 && spot_labels[spot].taint)
        yaml_toleration(out, spot_labels[spot].key, spot_labels[spot].spot);
    buf_append_str(out, "      containers:\n        - name: \"main\"\n          image: ");
    export_yaml_str(out, device_plugins[plugin].image);
    buf_append_str(out, "\n          command: [");
    export_yaml_str(out, device_plugins[plugin].probe);
    buf_append_str(out, "]\n          resources:\n            limits:\n              ");
    export_yaml_str(out, device_plugins[plugin].resource);
    buf_printf(out, ": %u\n", plan->gpus);
}

/* ---- entry -------------------------------------------------------------------------------------------------------- */

/* Checks pick for format f and resolves it into *plan (machine holds its machine name). */
static int format_check(const export_plan *plan, export_format f, char *err, size_t err_len)
{
    switch (f) {
    case EXPORT_SKYPILOT: return skypilot_check(plan, err, err_len);
    case EXPORT_TERRAFORM: return export_terraform_check(plan, err, err_len);
    default: return kubernetes_check(plan, err, err_len);
    }
}

static int prepare(const export_pick *pick, export_format f, export_plan *plan, char *machine, char *err,
                   size_t err_len)
{
    if ((unsigned)f >= EXPORT_FORMAT_COUNT)
        return fail(err, err_len, EXPORT_EINVAL, "format is not one of skypilot, terraform, kubernetes");
    int rc = check_pick(pick, plan, machine, err, err_len);
    if (rc != 0)
        return rc;
    return format_check(plan, f, err, err_len);
}

int export_check(const export_pick *pick, export_format f, char *err, size_t err_len)
{
    export_plan plan;
    char machine[129];
    return prepare(pick, f, &plan, machine, err, err_len);
}

void export_usable_formats(const export_pick *pick, bool usable[EXPORT_FORMAT_COUNT])
{
    export_plan plan;
    char machine[129];
    /* only whether each format can deploy the pick: no error text is formatted (an answer asks this per pick) */
    bool pick_ok = check_pick(pick, &plan, machine, NULL, 0) == 0;
    for (int f = 0; f < EXPORT_FORMAT_COUNT; f++)
        usable[f] = pick_ok && format_check(&plan, (export_format)f, NULL, 0) == 0;
}

int export_write(const export_pick *pick, export_format f, bytebuf *out, char *err, size_t err_len)
{
    export_plan plan;
    char machine[129];
    int rc = prepare(pick, f, &plan, machine, err, err_len);
    if (rc != 0)
        return rc;
    name_plan(&plan);
    switch (f) {
    case EXPORT_SKYPILOT: skypilot_write(&plan, out); break;
    case EXPORT_TERRAFORM: export_terraform(&plan, out); break;
    default: kubernetes_write(&plan, out); break;
    }
    return 0;
}
