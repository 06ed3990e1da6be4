/* Transposition-table memory from anonymous mappings (table_mem.h). */
#include "core/table_mem.h"

#include <stdint.h>
#include <sys/mman.h>
#include <unistd.h>

#define HUGE_PAGE ((size_t)2 << 20)

void *gts_table_alloc(size_t bytes, bool huge)
{
    if (bytes == 0)
        bytes = 1;
    const size_t align = huge && bytes >= HUGE_PAGE ? HUGE_PAGE : 0;
    /* Mapped with room to align, then the ends beyond the table trimmed. */
    const size_t len = bytes + align;
    char *p = mmap(NULL, len, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
    if (p == MAP_FAILED)
        return NULL;
    if (!align)
        return p;
    char *table = (char *)(((uintptr_t)p + align - 1) & ~(uintptr_t)(align - 1));
    if (table > p)
        munmap(p, (size_t)(table - p));
    const size_t page = (size_t)sysconf(_SC_PAGESIZE);
    char *end = table + (bytes + page - 1) / page * page;
    if (end < p + len)
        munmap(end, (size_t)(p + len - end));
    madvise(table, bytes, MADV_HUGEPAGE);
    return table;
}

void gts_table_free(void *p, size_t bytes)
{
    if (!p)
        return;
    if (bytes == 0)
        bytes = 1;
    munmap(p, bytes);
}
