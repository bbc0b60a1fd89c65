#ifndef CBYTESEARCH_H
#define CBYTESEARCH_H
#include <stddef.h>

/// glibc's memmem: the first occurrence of needle in haystack, or NULL.
const void *cbs_memmem(const void *haystack, size_t haystack_len, const void *needle, size_t needle_len);

#endif
