/* See check_support.h. */
#include "check_support.h"

#include <stdlib.h>

#include "harness.h"

int check_run_suite(Suite *s)
{
    harness_template_reserve();
    SRunner *runner = srunner_create(s);
    srunner_run_all(runner, CK_NORMAL);
    int failed = srunner_ntests_failed(runner);
    srunner_free(runner);
    harness_template_remove();
    return failed == 0 ? EXIT_SUCCESS : EXIT_FAILURE;
}
