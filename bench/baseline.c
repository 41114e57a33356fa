/* The benchmark's denominator: a bare libmicrohttpd daemon that answers every request with one fixed JSON body of
 * about 1.5 KB, threaded like gpurec's daemon (service/face/server.c: internal thread pool, each thread polling with epoll,
 * the same pool size) and keeping connections alive the same way: a request is answered on its second callback, never
 * on the first (answering on the first makes MHD close the connection after each response). A POST body is read and
 * dropped, so the POST endpoints can be compared with the same request bytes on the wire.
 *
 * Usage: baseline PORT THREADS   (binds 127.0.0.1 only; stops on SIGINT or SIGTERM) */
#define _POSIX_C_SOURCE 200809L
#include <arpa/inet.h>
#include <netinet/in.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <unistd.h>

#include <microhttpd.h>

/* One /v1/instances-like item: about the size of a small catalog answer. */
static const char fixed_body[] =
    "{\"items\":[{\"provider\":\"aws\",\"instance_type\":\"p5.48xlarge\",\"family\":\"p5\",\"gpu\":{\"id\":"
    "\"h100-sxm-80gb\",\"name\":\"NVIDIA H100 SXM5 80GB\",\"memory_gb\":80},\"gpu_count\":8,\"fractional_gpu\":false,"
    "\"gpu_memory_gb\":640,\"vcpus\":192,\"memory_gb\":2048,\"network_gbps\":3200,\"interconnect\":\"nvswitch\","
    "\"cluster_network\":\"efa\",\"cluster_network_gbps\":3200,\"source\":"
    "\"https://aws.amazon.com/ec2/instance-types/p5/\",\"region\":\"us-east-1\",\"region_name\":"
    "\"US East (N. Virginia)\",\"prices\":{\"on_demand\":{\"hourly_usd\":98.32,\"hourly\":98.32,\"currency\":\"USD\","
    "\"source\":\"https://aws.amazon.com/ec2/pricing/on-demand/\",\"fetched_at\":\"2025-06-01T00:00:00Z\","
    "\"effective_at\":\"2025-06-01T00:00:00Z\"},\"spot\":{\"hourly_usd\":39.328,\"hourly\":39.328,\"currency\":"
    "\"USD\",\"source\":\"aws:spot-price-feed\",\"fetched_at\":\"2025-06-01T00:00:00Z\",\"effective_at\":"
    "\"2025-06-01T00:00:00Z\",\"spot_interruption\":\"<5%\"},\"reserved_1y\":{\"hourly_usd\":61.9416,\"hourly\":"
    "61.9416,\"currency\":\"USD\",\"source\":\"aws:price-list\",\"fetched_at\":\"2025-06-01T00:00:00Z\","
    "\"effective_at\":\"2025-06-01T00:00:00Z\"},\"reserved_3y\":{\"hourly_usd\":42.2776,\"hourly\":42.2776,"
    "\"currency\":\"USD\",\"source\":\"aws:price-list\",\"fetched_at\":\"2025-06-01T00:00:00Z\",\"effective_at\":"
    "\"2025-06-01T00:00:00Z\"}},\"figures\":{\"pricing\":\"on_demand\",\"precision\":\"bf16\",\"tflops\":7912,"
    "\"usd_per_tflops\":0.012427,\"usd_per_gpu_memory_gb\":0.153625}}],\"total\":1,\"next_cursor\":null,"
    "\"catalog_version\":\"5f0c2a9d31b7e4c8\",\"note\":\"fixed body of the benchmark baseline, padded to about "
    "1.5 KB so that it weighs what a small catalog answer weighs on the wire.............................\"}";

static volatile sig_atomic_t stop_requested;

static void on_signal(int signo)
{
    (void)signo;
    stop_requested = 1;
}

static enum MHD_Result on_request(void *cls, struct MHD_Connection *connection, const char *url, const char *method,
                                  const char *version, const char *upload_data, size_t *upload_data_size,
                                  void **req_cls)
{
    (void)url;
    (void)method;
    (void)version;
    (void)upload_data;
    struct MHD_Response *response = cls;
    static int first_call_marker;
    if (*req_cls == NULL) {
        /* the first call has only the headers: answering now would close the connection after the response */
        *req_cls = &first_call_marker;
        return MHD_YES;
    }
    if (*upload_data_size > 0) {
        *upload_data_size = 0; /* body bytes are read and dropped */
        return MHD_YES;
    }
    return MHD_queue_response(connection, MHD_HTTP_OK, response);
}

int main(int argc, char **argv)
{
    if (argc != 3) {
        fprintf(stderr, "usage: baseline PORT THREADS\n");
        return 2;
    }
    int port = atoi(argv[1]), threads = atoi(argv[2]);
    if (port < 1 || port > 65535 || threads < 1 || threads > 256) {
        fprintf(stderr, "baseline: PORT must be 1-65535 and THREADS 1-256\n");
        return 2;
    }
    struct sigaction action;
    memset(&action, 0, sizeof action);
    action.sa_handler = on_signal;
    sigemptyset(&action.sa_mask);
    sigaction(SIGTERM, &action, NULL);
    sigaction(SIGINT, &action, NULL);
    signal(SIGPIPE, SIG_IGN);

    /* One response shared by every request: MHD reference-counts it across the pool's threads. */
    struct MHD_Response *response =
        MHD_create_response_from_buffer(sizeof fixed_body - 1, (void *)fixed_body, MHD_RESPMEM_PERSISTENT);
    if (response == NULL)
        return 1;
    MHD_add_response_header(response, MHD_HTTP_HEADER_CONTENT_TYPE, "application/json");

    struct sockaddr_in address;
    memset(&address, 0, sizeof address);
    address.sin_family = AF_INET;
    address.sin_port = htons((uint16_t)port);
    address.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
    /* the same flags and limits as service/face/server.c, so the two differ only in what they do per request */
    struct MHD_Daemon *daemon = MHD_start_daemon(
        MHD_USE_EPOLL_INTERNAL_THREAD | MHD_USE_ITC | MHD_USE_ERROR_LOG, (uint16_t)port, NULL, NULL, on_request,
        response, MHD_OPTION_SOCK_ADDR, (struct sockaddr *)&address, MHD_OPTION_THREAD_POOL_SIZE, (unsigned)threads,
        MHD_OPTION_CONNECTION_LIMIT, 1024u, MHD_OPTION_CONNECTION_TIMEOUT, 15u, MHD_OPTION_CONNECTION_MEMORY_LIMIT,
        (size_t)64 * 1024, MHD_OPTION_LISTENING_ADDRESS_REUSE, 1u, MHD_OPTION_END);
    if (daemon == NULL) {
        fprintf(stderr, "baseline: cannot listen on 127.0.0.1:%d\n", port);
        MHD_destroy_response(response);
        return 1;
    }
    printf("baseline: %zu-byte body on 127.0.0.1:%d with %d threads\n", sizeof fixed_body - 1, port, threads);
    fflush(stdout);
    while (!stop_requested)
        pause();
    MHD_stop_daemon(daemon);
    MHD_destroy_response(response);
    return 0;
}
