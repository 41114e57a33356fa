-- 0010_oci_price_parts: which part of Oracle's public price list prices each OCI GPU shape, and with how many GPUs.
--
-- OCI bills a GPU shape by one all-in part per GPU (metric "GPU Per Hour": the shape's OCPUs, memory and local disk
-- are included), so a shape's hourly price is the part's pay-as-you-go rate times the shape's GPU count. The price
-- list (https://apexapps.oracle.com/pls/apex/cetools/api/v1/products/) names parts by partNumber and does not say
-- which shape a part prices; that mapping is kept here, one row per shape, each with its source. gpus is the shape's
-- GPU count from Oracle's shape docs (https://docs.oracle.com/iaas/Content/Compute/References/computeshapes.htm,
-- "Bare Metal Shapes" / "VM Shapes", GPU), the same figure as instance_types.gpu_count.
CREATE TABLE oci_price_parts (
    provider_id TEXT NOT NULL DEFAULT 'oci' CHECK (provider_id = 'oci'),
    instance_type_id TEXT NOT NULL,
    part_number TEXT NOT NULL CHECK (part_number GLOB 'B[0-9]*' AND part_number NOT GLOB 'B*[^0-9]*'),
    gpus REAL NOT NULL CHECK (gpus > 0),
    source TEXT NOT NULL CHECK (length(source) > 0),
    PRIMARY KEY (provider_id, instance_type_id),
    FOREIGN KEY (provider_id, instance_type_id) REFERENCES instance_types(provider_id, id)
) WITHOUT ROWID;

INSERT INTO oci_price_parts (instance_type_id, part_number, gpus, source) VALUES
    ('BM.GPU2.2', 'B89734', 2, 'Oracle price list part B89734 "Compute - GPU Standard - V2" (Tesla P100, GPU Per Hour), https://apexapps.oracle.com/pls/apex/cetools/api/v1/products/?partNumber=B89734; 2 GPUs: https://docs.oracle.com/iaas/Content/Compute/References/computeshapes.htm#bm-gpu'),
    ('VM.GPU2.1', 'B89734', 1, 'Oracle price list part B89734 "Compute - GPU Standard - V2" (Tesla P100, GPU Per Hour), https://apexapps.oracle.com/pls/apex/cetools/api/v1/products/?partNumber=B89734; 1 GPU: https://docs.oracle.com/iaas/Content/Compute/References/computeshapes.htm#vm-gpu'),
    ('BM.GPU3.8', 'B92740', 8, 'Oracle price list part B92740 "Compute - GPU - E3" (Tesla V100, GPU Per Hour), https://apexapps.oracle.com/pls/apex/cetools/api/v1/products/?partNumber=B92740; 8 GPUs: https://docs.oracle.com/iaas/Content/Compute/References/computeshapes.htm#bm-gpu'),
    ('VM.GPU3.1', 'B92740', 1, 'Oracle price list part B92740 "Compute - GPU - E3" (Tesla V100, GPU Per Hour), https://apexapps.oracle.com/pls/apex/cetools/api/v1/products/?partNumber=B92740; 1 GPU: https://docs.oracle.com/iaas/Content/Compute/References/computeshapes.htm#vm-gpu'),
    ('VM.GPU3.2', 'B92740', 2, 'Oracle price list part B92740 "Compute - GPU - E3" (Tesla V100, GPU Per Hour), https://apexapps.oracle.com/pls/apex/cetools/api/v1/products/?partNumber=B92740; 2 GPUs: https://docs.oracle.com/iaas/Content/Compute/References/computeshapes.htm#vm-gpu'),
    ('VM.GPU3.4', 'B92740', 4, 'Oracle price list part B92740 "Compute - GPU - E3" (Tesla V100, GPU Per Hour), https://apexapps.oracle.com/pls/apex/cetools/api/v1/products/?partNumber=B92740; 4 GPUs: https://docs.oracle.com/iaas/Content/Compute/References/computeshapes.htm#vm-gpu'),
    ('BM.GPU4.8', 'B93544', 8, 'Oracle price list part B93544 "OCI - Compute - GPU - E4" (A100 40 GB, GPU Per Hour), https://apexapps.oracle.com/pls/apex/cetools/api/v1/products/?partNumber=B93544; 8 GPUs: https://docs.oracle.com/iaas/Content/Compute/References/computeshapes.htm#bm-gpu'),
    ('BM.GPU.A100-v2.8', 'B95907', 8, 'Oracle price list part B95907 "Compute - GPU - A100 - v2" (A100 80 GB, GPU Per Hour), https://apexapps.oracle.com/pls/apex/cetools/api/v1/products/?partNumber=B95907; 8 GPUs: https://docs.oracle.com/iaas/Content/Compute/References/computeshapes.htm#bm-gpu'),
    ('BM.GPU.A10.4', 'B95909', 4, 'Oracle price list part B95909 "Compute - GPU - A10" (GPU Per Hour), https://apexapps.oracle.com/pls/apex/cetools/api/v1/products/?partNumber=B95909; 4 GPUs: https://docs.oracle.com/iaas/Content/Compute/References/computeshapes.htm#bm-gpu'),
    ('VM.GPU.A10.1', 'B95909', 1, 'Oracle price list part B95909 "Compute - GPU - A10" (GPU Per Hour), https://apexapps.oracle.com/pls/apex/cetools/api/v1/products/?partNumber=B95909; 1 GPU: https://docs.oracle.com/iaas/Content/Compute/References/computeshapes.htm#vm-gpu'),
    ('VM.GPU.A10.2', 'B95909', 2, 'Oracle price list part B95909 "Compute - GPU - A10" (GPU Per Hour), https://apexapps.oracle.com/pls/apex/cetools/api/v1/products/?partNumber=B95909; 2 GPUs: https://docs.oracle.com/iaas/Content/Compute/References/computeshapes.htm#vm-gpu'),
    ('BM.GPU.H100.8', 'B98415', 8, 'Oracle price list part B98415 "Oracle Cloud Infrastructure - Compute - GPU - H100" (GPU Per Hour), https://apexapps.oracle.com/pls/apex/cetools/api/v1/products/?partNumber=B98415; 8 GPUs: https://docs.oracle.com/iaas/Content/Compute/References/computeshapes.htm#bm-gpu'),
    ('BM.GPU.L40S.4', 'B109479', 4, 'Oracle price list part B109479 "Compute - GPU - L40S" (GPU Per Hour), https://apexapps.oracle.com/pls/apex/cetools/api/v1/products/?partNumber=B109479; 4 GPUs: https://docs.oracle.com/iaas/Content/Compute/References/computeshapes.htm#bm-gpu'),
    ('BM.GPU.MI300X.8', 'B109485', 8, 'Oracle price list part B109485 "OCI - Compute - GPU - MI300X" (GPU Per Hour), https://apexapps.oracle.com/pls/apex/cetools/api/v1/products/?partNumber=B109485; 8 GPUs: https://docs.oracle.com/iaas/Content/Compute/References/computeshapes.htm#bm-gpu'),
    ('BM.GPU.H200.8', 'B110519', 8, 'Oracle price list part B110519 "OCI - Compute - GPU - H200" (GPU Per Hour), https://apexapps.oracle.com/pls/apex/cetools/api/v1/products/?partNumber=B110519; 8 GPUs: https://docs.oracle.com/iaas/Content/Compute/References/computeshapes.htm#bm-gpu');
