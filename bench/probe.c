/* The benchmark's small HTTP helper, so bench/run.sh needs no HTTP client beyond wrk.
 *
 *   probe launch PORT LOG -- CMD ARGS...   starts CMD (stdout and stderr appended to LOG), polls
 *                                          http://127.0.0.1:PORT/readyz until it answers 200, prints
 *                                          "pid=PID ready_ms=MS" (MS from just before exec to the 200) and exits 0,
 *                                          leaving CMD running. Exits 1 if CMD ends or 30 s pass first.
 *   probe request PORT METHOD PATH [BODY_FILE]
 *                                          one request (Connection: close; a body is sent as application/json),
 *                                          prints "status=N bytes=M" and the response body after one blank line. */
#define _POSIX_C_SOURCE 200809L
#include <arpa/inet.h>
#include <errno.h>
#include <fcntl.h>
#include <netinet/in.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <sys/time.h>
#include <sys/types.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#define READY_TIMEOUT_MS 30000

static double now_ms(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec * 1000.0 + (double)ts.tv_nsec / 1e6;
}

/* Sends one request and reads the whole answer into *out (caller frees). Returns the status, or -1. */
static int http_exchange(int port, const char *method, const char *path, const char *body, size_t body_len,
                         char **out, size_t *out_len)
{
    *out = NULL;
    *out_len = 0;
    int fd = socket(AF_INET, SOCK_STREAM, 0);
    if (fd < 0)
        return -1;
    struct sockaddr_in address;
    memset(&address, 0, sizeof address);
    address.sin_family = AF_INET;
    address.sin_port = htons((uint16_t)port);
    address.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
    /* a peer that accepts and never answers must not hold the probe: every read and write gives up after 5 s */
    struct timeval patience = {5, 0};
    setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &patience, sizeof patience);
    setsockopt(fd, SOL_SOCKET, SO_SNDTIMEO, &patience, sizeof patience);
    if (connect(fd, (struct sockaddr *)&address, sizeof address) != 0) {
        close(fd);
        return -1;
    }
    char head[1024];
    int head_len = body ? snprintf(head, sizeof head,
                                   "%s %s HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n"
                                   "Content-Type: application/json\r\nContent-Length: %zu\r\n\r\n",
                                   method, path, body_len)
                        : snprintf(head, sizeof head, "%s %s HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n",
                                   method, path);
    if (head_len < 0 || (size_t)head_len >= sizeof head || write(fd, head, (size_t)head_len) != head_len ||
        (body && write(fd, body, body_len) != (ssize_t)body_len)) {
        close(fd);
        return -1;
    }
    size_t cap = 65536, len = 0;
    char *data = malloc(cap + 1);
    ssize_t got;
    while (data != NULL && (got = read(fd, data + len, cap - len)) > 0) {
        len += (size_t)got;
        if (len == cap) {
            cap *= 2;
            char *bigger = realloc(data, cap + 1);
            if (bigger == NULL) {
                free(data);
                data = NULL;
            }
            data = bigger;
        }
    }
    close(fd);
    if (data == NULL)
        return -1;
    data[len] = '\0';
    int status = -1;
    if (sscanf(data, "HTTP/1.%*d %d", &status) != 1)
        status = -1;
    *out = data;
    *out_len = len;
    return status;
}

static int launch(int port, const char *log_path, char **argv)
{
    int log_fd = open(log_path, O_WRONLY | O_CREAT | O_APPEND, 0644);
    if (log_fd < 0) {
        fprintf(stderr, "probe: cannot open %s: %s\n", log_path, strerror(errno));
        return 1;
    }
    double started = now_ms();
    pid_t pid = fork();
    if (pid < 0) {
        fprintf(stderr, "probe: fork: %s\n", strerror(errno));
        return 1;
    }
    if (pid == 0) {
        dup2(log_fd, STDOUT_FILENO);
        dup2(log_fd, STDERR_FILENO);
        close(log_fd);
        execvp(argv[0], argv);
        fprintf(stderr, "probe: cannot run %s: %s\n", argv[0], strerror(errno));
        _exit(127);
    }
    close(log_fd);
    for (;;) {
        int wstatus;
        if (waitpid(pid, &wstatus, WNOHANG) == pid) {
            fprintf(stderr, "probe: %s ended before it was ready (see %s)\n", argv[0], log_path);
            return 1;
        }
        char *answer = NULL;
        size_t answer_len = 0;
        int status = http_exchange(port, "GET", "/readyz", NULL, 0, &answer, &answer_len);
        free(answer);
        if (status == 200) {
            printf("pid=%d ready_ms=%.1f\n", (int)pid, now_ms() - started);
            return 0;
        }
        if (now_ms() - started > READY_TIMEOUT_MS) {
            fprintf(stderr, "probe: %s not ready after %d ms; stopping it\n", argv[0], READY_TIMEOUT_MS);
            kill(pid, SIGTERM);
            return 1;
        }
        struct timespec pause_for = {0, 500 * 1000}; /* 0.5 ms: the poll itself must not hide the start-up time */
        nanosleep(&pause_for, NULL);
    }
}

static int request(int port, const char *method, const char *path, const char *body_path)
{
    char *body = NULL;
    size_t body_len = 0;
    if (body_path != NULL) {
        FILE *f = fopen(body_path, "rb");
        if (f == NULL) {
            fprintf(stderr, "probe: cannot read %s\n", body_path);
            return 1;
        }
        body = malloc(1 << 20);
        body_len = body ? fread(body, 1, 1 << 20, f) : 0;
        fclose(f);
    }
    char *answer = NULL;
    size_t answer_len = 0;
    int status = http_exchange(port, method, path, body ? body : NULL, body_len, &answer, &answer_len);
    free(body);
    if (status < 0) {
        fprintf(stderr, "probe: no HTTP answer from 127.0.0.1:%d%s\n", port, path);
        free(answer);
        return 1;
    }
    const char *payload = strstr(answer, "\r\n\r\n");
    payload = payload ? payload + 4 : answer + answer_len;
    printf("status=%d bytes=%zu\n\n%s\n", status, (size_t)(answer + answer_len - payload), payload);
    free(answer);
    return 0;
}

int main(int argc, char **argv)
{
    if (argc >= 6 && strcmp(argv[1], "launch") == 0 && strcmp(argv[4], "--") == 0)
        return launch(atoi(argv[2]), argv[3], argv + 5);
    if ((argc == 5 || argc == 6) && strcmp(argv[1], "request") == 0)
        return request(atoi(argv[2]), argv[3], argv[4], argc == 6 ? argv[5] : NULL);
    fprintf(stderr, "usage: probe launch PORT LOG -- CMD ARGS... | probe request PORT METHOD PATH [BODY_FILE]\n");
    return 2;
}
