/* Capturing stderr into a file; see stderr_capture.h. */
#include "stderr_capture.h"

#include <check.h>
#include <stdio.h>
#include <stdlib.h>
#include <unistd.h>

void stderr_capture_begin(stderr_capture *c, const char *name)
{
    snprintf(c->path, sizeof c->path, "/tmp/gpurec-%.16s-log-XXXXXX", name);
    c->fd = mkstemp(c->path);
    ck_assert_int_ge(c->fd, 0);
    fflush(stderr);
    c->saved = dup(2);
    ck_assert_int_ge(c->saved, 0);
    dup2(c->fd, 2);
}

void stderr_capture_restore(stderr_capture *c)
{
    if (c->saved < 0)
        return;
    fflush(stderr);
    dup2(c->saved, 2);
    close(c->saved);
    c->saved = -1;
}

void stderr_capture_end(stderr_capture *c)
{
    stderr_capture_restore(c);
    close(c->fd);
    unlink(c->path);
}
