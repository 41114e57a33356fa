/* The runner every suite's main hands its Suite to. */
#ifndef GPUREC_TEST_CHECK_SUPPORT_H
#define GPUREC_TEST_CHECK_SUPPORT_H

#include <check.h>

/* Runs every test of s with normal output and returns the process exit status: EXIT_SUCCESS when all passed,
 * EXIT_FAILURE otherwise. Takes ownership of s (freed with its runner). Meanwhile harness_make_db() copies one
 * migrated database of the suite's (harness_template_reserve()). */
int check_run_suite(Suite *s);

#endif
