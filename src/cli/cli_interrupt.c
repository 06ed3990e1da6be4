/* Ctrl-C (cli/cli.h): the command's stop token raised, and the command
 * told, so that it can print what it has and exit with EXIT_INTERRUPTED. */
#include <signal.h>
#include <stdatomic.h>
#include <string.h>

#include "cli/cli.h"

/* Atomics, not volatile sig_atomic_t: the farm's runner threads read the
 * flag while the handler writes it on the main thread, a data race that
 * ThreadSanitizer reported (volatile orders nothing between threads).
 * Both are lock-free (gts_stop asserts it for int), so the handler may
 * use them. */
_Static_assert(ATOMIC_POINTER_LOCK_FREE == 2, "the SIGINT handler needs a lock-free atomic pointer");
static _Atomic(gts_stop *) raised_on_interrupt;
static atomic_int interrupted;

static void on_sigint(int sig)
{
    (void)sig;
    atomic_store(&interrupted, 1);
    gts_stop_raise(atomic_load(&raised_on_interrupt));
}

/* Without SA_RESTART: a read waiting for a human's move returns. */
void cli_interrupt_on(int sig)
{
    struct sigaction sa;
    memset(&sa, 0, sizeof sa);
    sa.sa_handler = on_sigint;
    sigemptyset(&sa.sa_mask);
    sigaction(sig, &sa, NULL);
}

void cli_stop_on_interrupt(gts_stop *stop)
{
    atomic_store(&raised_on_interrupt, stop);
    if (atomic_load(&interrupted))
        gts_stop_raise(stop);
    cli_interrupt_on(SIGINT);
}

bool cli_interrupted(void)
{
    return atomic_load(&interrupted) != 0;
}
