/* This process's stderr, where the daemon's log goes, sent to a temporary file for a while: for tests that read what
 * was logged (access lines, secrets that must never show). */
#ifndef GPUREC_TEST_STDERR_CAPTURE_H
#define GPUREC_TEST_STDERR_CAPTURE_H

typedef struct stderr_capture {
    char path[64]; /* the file the log goes to */
    int fd;        /* open on path */
    int saved;     /* the real stderr while captured, else -1 */
} stderr_capture;

/* Sends stderr to a new file /tmp/gpurec-<name>-log-XXXXXX; the test fails when it cannot. */
void stderr_capture_begin(stderr_capture *c, const char *name);
/* Puts the real stderr back (what was logged stays in c->path); does nothing the second time, so a test may call it
 * before a failing assertion, to have its message shown, and again at the end. */
void stderr_capture_restore(stderr_capture *c);
/* Restores stderr and removes the file. */
void stderr_capture_end(stderr_capture *c);

#endif
