/* Terraform for a pick: one configuration per provider, with the official provider's source, the instance resource,
 * the placement that keeps several nodes close, and variables for what only the user knows. Attribute names are the
 * providers' registry documentation's (registry.terraform.io/providers/<source>/latest/docs/resources/<type>). */
#include <stdbool.h>
#include <stdio.h>
#include <string.h>

#include "base/vocab.h"
#include "engine/export/internal.h"

static void tf_aws(const export_plan *plan, bytebuf *out);
static void tf_gcp(const export_plan *plan, bytebuf *out);
static void tf_azure(const export_plan *plan, bytebuf *out);
static void tf_oci(const export_plan *plan, bytebuf *out);
static void tf_alibaba(const export_plan *plan, bytebuf *out);
static void tf_tencent(const export_plan *plan, bytebuf *out);

/* The code that writes each provider's configuration. Which providers have an official Terraform provider, and its
 * local name and registry source, is the provider's row in vocab_adapters (base/vocab.h); a provider without one
 * (Lambda) is refused. */
static const struct {
    const char *provider_id;
    tf_writer write;
} tf_writers[] = {
    {"aws", tf_aws}, {"gcp", tf_gcp},         {"azure", tf_azure},
    {"oci", tf_oci}, {"alibaba", tf_alibaba}, {"tencent", tf_tencent},
};

static bool has_terraform(const adapter_info *row)
{
    return row->provider && row->terraform_source != NULL;
}

tf_writer export_terraform_writer(const char *provider_id)
{
    for (size_t i = 0; i < sizeof tf_writers / sizeof tf_writers[0]; i++)
        if (strcmp(provider_id, tf_writers[i].provider_id) == 0)
            return tf_writers[i].write;
    return NULL;
}

/* The provider's row when it has an official Terraform provider and a writer, else NULL. */
static const adapter_info *tf_provider(const char *provider_id)
{
    const adapter_info *row = vocab_provider_find(provider_id);
    return row != NULL && has_terraform(row) && export_terraform_writer(provider_id) != NULL ? row : NULL;
}

int export_terraform_check(const export_plan *plan, char *err, size_t err_len)
{
    if (tf_provider(plan->pick->provider_id) != NULL)
        return 0;
    char names[256];
    if (err_len)
        snprintf(err, err_len, "%s has no official Terraform provider (exported: %s)", plan->pick->provider_id,
                 vocab_adapter_list_if(names, sizeof names, has_terraform));
    return EXPORT_EUNSUPPORTED;
}

/* ---- pieces ------------------------------------------------------------------------------------------------------- */

static void tf_variable(bytebuf *out, const char *name, const char *description)
{
    buf_printf(out, "variable \"%s\" {\n  description = ", name);
    export_hcl_str(out, description);
    buf_append_str(out, "\n  type        = string\n}\n\n");
}

/* A variable the configuration asks the user for. */
typedef struct tf_var {
    const char *name;
    const char *description;
} tf_var;

/* vars ends with a {NULL, NULL} entry. */
static void tf_variables(bytebuf *out, const tf_var *vars)
{
    for (; vars->name != NULL; vars++)
        tf_variable(out, vars->name, vars->description);
}

/* attribute = "value" at an indent. */
static void tf_attr(bytebuf *out, int indent, const char *name, const char *value)
{
    buf_printf(out, "%*s%s = ", indent, "", name);
    export_hcl_str(out, value);
    buf_append_str(out, "\n");
}

/* One resource per node: a count when there are several. */
static void tf_count(const export_plan *plan, bytebuf *out)
{
    if (plan->pick->nodes > 1)
        buf_printf(out, "  count = %u\n", plan->pick->nodes);
}

/* A name per node at an indent: "<name>-<index>" when several. */
static void tf_node_name(const export_plan *plan, bytebuf *out, int indent, const char *attribute)
{
    if (plan->pick->nodes > 1)
        buf_printf(out, "%*s%s = \"%s-${count.index}\"\n", indent, "", attribute, plan->name);
    else
        tf_attr(out, indent, attribute, plan->name);
}

/* provider "<local name>" { <first_lines>region = "<region>" }: the block of every provider that takes its region
 * there. first_lines are written as they are (may be ""). */
static void tf_provider_region(const export_plan *plan, bytebuf *out, const char *first_lines)
{
    buf_printf(out, "provider \"%s\" {\n%s", tf_provider(plan->pick->provider_id)->terraform_name, first_lines);
    tf_attr(out, 2, "region", plan->pick->region_id);
    buf_append_str(out, "}\n\n");
}

/* The opening of the resource that makes the nodes: resource "<type>" "gpu" {, its count and per-node names. */
static void tf_node_resource(const export_plan *plan, bytebuf *out, const char *type, const char *name_attribute)
{
    buf_printf(out, "resource \"%s\" \"gpu\" {\n", type);
    tf_count(plan, out);
    tf_node_name(plan, out, 2, name_attribute);
}

/* "[count.index]" for a resource with count, "" without: how one node refers to its own companion resource. */
static const char *tf_index(const export_plan *plan)
{
    return plan->pick->nodes > 1 ? "[count.index]" : "";
}

/* ---- AWS ---------------------------------------------------------------------------------------------------------- */

/* Several nodes go into a cluster placement group (docs.aws.amazon.com/AWSEC2/latest/UserGuide/placement-strategies.html).
 * An instance with EFA gets an EFA network interface as its primary one (docs.aws.amazon.com/AWSEC2/latest/UserGuide/
 * efa-start.html); its security group must allow all traffic to and from itself. */
static void tf_aws(const export_plan *plan, bytebuf *out)
{
    const export_pick *pick = plan->pick;
    bool efa = pick->instance && pick->instance->cluster_network && strcmp(pick->instance->cluster_network, "efa") == 0;
    tf_provider_region(plan, out, "");
    const tf_var vars[] = {
        {"ami", "AMI to boot, with the GPU driver (a Deep Learning AMI, for one)"},
        {"subnet_id", "Subnet to launch in; it fixes the availability zone"},
        {"security_group_id",
         efa ? "Security group that allows all traffic to and from itself (EFA)" : "Security group of the instances"},
        {"key_name", "EC2 key pair for SSH"},
        {NULL, NULL},
    };
    tf_variables(out, vars);
    if (pick->nodes > 1) {
        buf_append_str(out, "resource \"aws_placement_group\" \"gpu\" {\n");
        tf_attr(out, 2, "name", plan->name);
        buf_append_str(out, "  strategy = \"cluster\"\n}\n\n");
    }
    if (efa) {
        buf_append_str(out, "resource \"aws_network_interface\" \"efa\" {\n");
        tf_count(plan, out);
        buf_append_str(out, "  subnet_id = var.subnet_id\n  security_groups = [var.security_group_id]\n"
                            "  interface_type = \"efa\"\n}\n\n");
    }
    buf_append_str(out, "resource \"aws_instance\" \"gpu\" {\n");
    tf_count(plan, out);
    buf_append_str(out, "  ami = var.ami\n");
    tf_attr(out, 2, "instance_type", plan->machine_type);
    buf_append_str(out, "  key_name = var.key_name\n");
    if (pick->nodes > 1)
        buf_append_str(out, "  placement_group = aws_placement_group.gpu.id\n");
    if (efa)
        buf_printf(out, "  network_interface {\n    network_interface_id = aws_network_interface.efa%s.id\n"
                        "    device_index = 0\n  }\n", tf_index(plan));
    else
        buf_append_str(out, "  subnet_id = var.subnet_id\n  vpc_security_group_ids = [var.security_group_id]\n");
    buf_printf(out, "  root_block_device {\n    volume_size = %u\n  }\n", plan->disk_gb);
    if (plan->spot)
        buf_append_str(out, "  instance_market_options {\n    market_type = \"spot\"\n  }\n");
    buf_append_str(out, "  tags = {\n");
    tf_node_name(plan, out, 4, "Name");
    buf_append_str(out, "  }\n}\n");
}

/* ---- GCP ---------------------------------------------------------------------------------------------------------- */

/* N1 machine types take their GPUs as guest accelerators, named as in cloud.google.com/compute/docs/gpus; the
 * accelerator-optimized types (A2, A3, G2) come with theirs. */
static const struct {
    const char *gpu_id;
    const char *type;
} gcp_accelerators[] = {{"t4", "nvidia-tesla-t4"}, {"v100-sxm2-16gb", "nvidia-tesla-v100"}};

static const char *gcp_guest_accelerator(const export_plan *plan)
{
    if (strncmp(plan->machine_type, "n1-", 3) != 0)
        return NULL;
    for (size_t i = 0; i < sizeof gcp_accelerators / sizeof gcp_accelerators[0]; i++)
        if (strcmp(plan->pick->gpu->id, gcp_accelerators[i].gpu_id) == 0)
            return gcp_accelerators[i].type;
    return NULL;
}

/* GPU VMs cannot live-migrate, so they stop for host maintenance (cloud.google.com/compute/docs/gpus/
 * gpu-host-maintenance); spot VMs take the SPOT provisioning model without automatic restart
 * (cloud.google.com/compute/docs/instances/create-use-spot). Several nodes share a compact placement policy
 * (cloud.google.com/compute/docs/instances/use-compact-placement-policies). */
static void tf_gcp(const export_plan *plan, bytebuf *out)
{
    const export_pick *pick = plan->pick;
    const char *accelerator = gcp_guest_accelerator(plan);
    tf_provider_region(plan, out, "  project = var.project\n");
    static const tf_var vars[] = {
        {"project", "Project to create the instances in"},
        {"zone", "Zone of the region that offers this machine type"},
        {"image", "Boot image with the GPU driver (a Deep Learning VM image, for one)"},
        {"subnetwork", "Subnetwork of the instances"},
        {NULL, NULL},
    };
    tf_variables(out, vars);
    if (pick->nodes > 1) {
        buf_append_str(out, "resource \"google_compute_resource_policy\" \"gpu\" {\n");
        tf_attr(out, 2, "name", plan->name);
        tf_attr(out, 2, "region", pick->region_id);
        buf_printf(out, "  group_placement_policy {\n    vm_count = %u\n    collocation = \"COLLOCATED\"\n  }\n}\n\n",
                   pick->nodes);
    }
    tf_node_resource(plan, out, "google_compute_instance", "name");
    tf_attr(out, 2, "machine_type", plan->machine_type);
    buf_printf(out, "  zone = var.zone\n  boot_disk {\n    initialize_params {\n      image = var.image\n"
                    "      size = %u\n    }\n  }\n  network_interface {\n    subnetwork = var.subnetwork\n  }\n",
               plan->disk_gb);
    if (accelerator) {
        buf_append_str(out, "  guest_accelerator {\n");
        tf_attr(out, 4, "type", accelerator);
        buf_printf(out, "    count = %u\n  }\n", plan->gpus);
    }
    buf_append_str(out, "  scheduling {\n    on_host_maintenance = \"TERMINATE\"\n");
    if (plan->spot)
        buf_append_str(out, "    provisioning_model = \"SPOT\"\n    preemptible = true\n    automatic_restart = false\n");
    else
        buf_append_str(out, "    automatic_restart = true\n");
    buf_append_str(out, "  }\n");
    if (pick->nodes > 1)
        buf_append_str(out, "  resource_policies = [google_compute_resource_policy.gpu.self_link]\n");
    buf_append_str(out, "}\n");
}

/* ---- Azure -------------------------------------------------------------------------------------------------------- */

/* Spot VMs: priority Spot, an eviction policy, and max_bid_price -1 to pay up to the on-demand price rather than be
 * evicted on price (learn.microsoft.com/azure/virtual-machines/spot-vms). Several nodes share a proximity placement
 * group (learn.microsoft.com/azure/virtual-machines/co-location). */
static void tf_azure(const export_plan *plan, bytebuf *out)
{
    const export_pick *pick = plan->pick;
    buf_append_str(out, "provider \"azurerm\" {\n  features {}\n}\n\n");
    static const tf_var vars[] = {
        {"resource_group_name", "Resource group of the instances"},
        {"subnet_id", "Subnet of the network interfaces"},
        {"image_id", "Image to boot, with the GPU driver"},
        {"ssh_public_key", "SSH public key of the admin user"},
        {NULL, NULL},
    };
    tf_variables(out, vars);
    buf_append_str(out, "variable \"admin_username\" {\n  type    = string\n  default = \"azureuser\"\n}\n\n");
    if (pick->nodes > 1) {
        buf_append_str(out, "resource \"azurerm_proximity_placement_group\" \"gpu\" {\n");
        tf_attr(out, 2, "name", plan->name);
        tf_attr(out, 2, "location", pick->region_id);
        buf_append_str(out, "  resource_group_name = var.resource_group_name\n}\n\n");
    }
    tf_node_resource(plan, out, "azurerm_network_interface", "name");
    tf_attr(out, 2, "location", pick->region_id);
    buf_append_str(out, "  resource_group_name = var.resource_group_name\n  ip_configuration {\n"
                        "    name = \"primary\"\n    subnet_id = var.subnet_id\n"
                        "    private_ip_address_allocation = \"Dynamic\"\n  }\n}\n\n");
    tf_node_resource(plan, out, "azurerm_linux_virtual_machine", "name");
    tf_attr(out, 2, "location", pick->region_id);
    buf_append_str(out, "  resource_group_name = var.resource_group_name\n");
    tf_attr(out, 2, "size", plan->machine_type);
    buf_printf(out, "  admin_username = var.admin_username\n"
                    "  network_interface_ids = [azurerm_network_interface.gpu%s.id]\n"
                    "  source_image_id = var.image_id\n  admin_ssh_key {\n    username = var.admin_username\n"
                    "    public_key = var.ssh_public_key\n  }\n  os_disk {\n    caching = \"ReadWrite\"\n"
                    "    storage_account_type = \"Premium_LRS\"\n    disk_size_gb = %u\n  }\n",
               tf_index(plan), plan->disk_gb);
    if (plan->spot)
        buf_append_str(out, "  priority = \"Spot\"\n  eviction_policy = \"Delete\"\n  max_bid_price = -1\n");
    if (pick->nodes > 1)
        buf_append_str(out, "  proximity_placement_group_id = azurerm_proximity_placement_group.gpu.id\n");
    buf_append_str(out, "}\n");
}

/* ---- OCI, Alibaba Cloud, Tencent Cloud ---------------------------------------------------------------------------- */

/* Spot is a preemptible instance (docs.oracle.com/iaas/Content/Compute/Concepts/preemptible.htm). RDMA between bare
 * metal GPU nodes needs a cluster network built from an instance configuration; these are separate instances. */
static void tf_oci(const export_plan *plan, bytebuf *out)
{
    tf_provider_region(plan, out, "");
    static const tf_var vars[] = {
        {"compartment_id", "OCID of the compartment"},
        {"availability_domain", "Availability domain that offers this shape"},
        {"subnet_id", "OCID of the subnet"},
        {"image_id", "OCID of the image to boot, with the GPU driver"},
        {"ssh_public_key", "SSH public key of the opc user"},
        {NULL, NULL},
    };
    tf_variables(out, vars);
    tf_node_resource(plan, out, "oci_core_instance", "display_name");
    buf_append_str(out, "  compartment_id = var.compartment_id\n  availability_domain = var.availability_domain\n");
    tf_attr(out, 2, "shape", plan->machine_type);
    buf_printf(out, "  source_details {\n    source_type = \"image\"\n    source_id = var.image_id\n"
                    "    boot_volume_size_in_gbs = %u\n  }\n  create_vnic_details {\n    subnet_id = var.subnet_id\n  }\n"
                    "  metadata = {\n    ssh_authorized_keys = var.ssh_public_key\n  }\n",
               plan->disk_gb);
    if (plan->spot)
        buf_append_str(out, "  preemptible_instance_config {\n    preemption_action {\n      type = \"TERMINATE\"\n"
                            "      preserve_boot_volume = false\n    }\n  }\n");
    buf_append_str(out, "}\n");
}

/* Spot: spot_strategy SpotAsPriceGo, a bid that follows the market up to the pay-as-you-go price
 * (alibabacloud.com/help/en/ecs/user-guide/spot-instances). */
static void tf_alibaba(const export_plan *plan, bytebuf *out)
{
    tf_provider_region(plan, out, "");
    static const tf_var vars[] = {
        {"image_id", "Image to boot, with the GPU driver"},
        {"vswitch_id", "vSwitch to launch in; it fixes the zone"},
        {"security_group_id", "Security group of the instances"},
        {"key_name", "SSH key pair"},
        {NULL, NULL},
    };
    tf_variables(out, vars);
    tf_node_resource(plan, out, "alicloud_instance", "instance_name");
    tf_attr(out, 2, "instance_type", plan->machine_type);
    buf_printf(out, "  image_id = var.image_id\n  vswitch_id = var.vswitch_id\n"
                    "  security_groups = [var.security_group_id]\n  key_name = var.key_name\n"
                    "  system_disk_size = %u\n  instance_charge_type = \"PostPaid\"\n",
               plan->disk_gb);
    if (plan->spot)
        buf_append_str(out, "  spot_strategy = \"SpotAsPriceGo\"\n");
    buf_append_str(out, "}\n");
}

/* Spot: the SPOTPAID charge type (tencentcloud.com/document/product/213/17816). */
static void tf_tencent(const export_plan *plan, bytebuf *out)
{
    tf_provider_region(plan, out, "");
    static const tf_var vars[] = {
        {"availability_zone", "Zone of the region that offers this instance type"},
        {"image_id", "Image to boot, with the GPU driver"},
        {"vpc_id", "VPC of the instances"},
        {"subnet_id", "Subnet of the instances"},
        {"key_id", "SSH key"},
        {NULL, NULL},
    };
    tf_variables(out, vars);
    tf_node_resource(plan, out, "tencentcloud_instance", "instance_name");
    buf_append_str(out, "  availability_zone = var.availability_zone\n  image_id = var.image_id\n");
    tf_attr(out, 2, "instance_type", plan->machine_type);
    buf_printf(out, "  system_disk_size = %u\n  vpc_id = var.vpc_id\n  subnet_id = var.subnet_id\n"
                    "  key_ids = [var.key_id]\n  instance_charge_type = \"%s\"\n}\n",
               plan->disk_gb, plan->spot ? "SPOTPAID" : "POSTPAID_BY_HOUR");
}

/* ---- entry -------------------------------------------------------------------------------------------------------- */

void export_terraform(const export_plan *plan, bytebuf *out)
{
    const adapter_info *row = tf_provider(plan->pick->provider_id); /* export_terraform_check() passed */
    export_headline(out, plan);
    buf_printf(out, "# Apply with: terraform init && terraform apply\nterraform {\n  required_providers {\n"
                    "    %s = {\n      source = \"%s\"\n    }\n  }\n}\n\n",
               row->terraform_name, row->terraform_source);
    export_terraform_writer(plan->pick->provider_id)(plan, out);
}
