#define _GNU_SOURCE
#include <string.h>
#include "CByteSearch.h"

const void *cbs_memmem(const void *haystack, size_t haystack_len, const void *needle, size_t needle_len) {
    return memmem(haystack, haystack_len, needle, needle_len);
}
