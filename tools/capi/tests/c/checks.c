/* The C ABI's whole-object and single-expression calls, as a C backend makes them:
 * hd_entries over a container, hd_verify over a code object, hd_eval of expression bytes
 * against a wave state, and the location parts of every variable of frame 0. One line
 * per result, read by tests/c_checks.rs and compared with the CLI.
 *
 * usage: checks CONTAINER OBJECT STATE EXPR_HEX */
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "hetdwarf.h"

static int on_entry(void *user, const hd_entry *e) {
    (void)user;
    printf("entry %s %s %" PRIu64 "\n", e->id, e->processor ? e->processor : "-", e->size);
    return 0;
}

static int on_finding(void *user, const hd_finding *f) {
    (void)user;
    printf("finding %s %d %" PRIu64 "\n", f->check, (int)f->severity, f->die);
    return 0;
}

static void print_parts(const hd_location_part *parts, size_t n) {
    for (size_t i = 0; i < n; i++) {
        const hd_location_part *p = &parts[i];
        printf(" [%u %d %s %" PRIu64 " 0x%" PRIx64 " %" PRIu64 " %" PRIu64 " %" PRIu64 "]",
               p->place, (int)p->storage, p->register_name ? p->register_name : "-",
               p->address_space, p->address, p->bit_offset, p->value_bit_offset, p->bit_size);
    }
}

static int on_eval(void *user, const hd_eval_result *r) {
    (void)user;
    printf("eval %" PRId64 " %d %s ", r->lane, (int)r->code, r->location ? r->location : "-");
    for (size_t i = 0; i < r->nbytes; i++) {
        if (r->availability[i] == HD_BYTE_VALID)
            printf("%02x", r->bytes[i]);
        else
            printf("??");
    }
    printf(" |");
    print_parts(r->parts, r->nparts);
    printf("\n");
    return 0;
}

static uint64_t current_die;
static uint64_t dies[256];
static size_t ndies;

static int on_variable(void *user, const hd_variable *v) {
    (void)user;
    current_die = v->die;
    if (ndies < 256)
        dies[ndies++] = v->die;
    return 0;
}

static int on_lane(void *user, const hd_lane_value *v) {
    (void)user;
    if (v->location == NULL)
        return 0;
    printf("lane %" PRIu64 " %" PRId64 " %s |", current_die, v->lane, v->location);
    print_parts(v->parts, v->nparts);
    printf("\n");
    return 0;
}

static int stop_at_once(void *user, const hd_eval_result *r) {
    (void)user;
    (void)r;
    return 1;
}

/* A live process, as far as the context needs one: every register and memory byte reads
 * as zero, writes land in a small log. */
static unsigned writes;

static int32_t zero_register(void *user, uint64_t reg, uint64_t offset, uint8_t *buf, size_t size) {
    (void)user, (void)reg, (void)offset;
    memset(buf, 0, size);
    return 0;
}

static int32_t zero_memory(void *user, uint64_t space, int64_t lane, uint64_t address, uint8_t *buf,
                           size_t size) {
    (void)user, (void)space, (void)lane, (void)address;
    memset(buf, 0, size);
    return 0;
}

static int32_t zero_batch(void *user, hd_read *reads, size_t n) {
    (void)user;
    for (size_t i = 0; i < n; i++) {
        memset(reads[i].buf, 0, reads[i].size);
        memset(reads[i].unavailable, reads[i].is_memory ? 1 : 0, reads[i].size);
    }
    return 0;
}

static int32_t log_register(void *user, uint64_t reg, uint64_t offset, const uint8_t *data,
                            size_t size) {
    (void)user, (void)reg, (void)offset, (void)data, (void)size;
    writes++;
    return 0;
}

static int32_t log_memory(void *user, uint64_t space, int64_t lane, uint64_t address,
                          const uint8_t *data, size_t size) {
    (void)user, (void)space, (void)lane, (void)address, (void)data, (void)size;
    writes++;
    return 0;
}

static int count_lane(void *user, const hd_lane_value *v) {
    (void)v;
    (*(size_t *)user)++;
    return 0;
}

static size_t hex_bytes(const char *hex, uint8_t *out, size_t cap) {
    size_t n = 0;
    while (hex[0] && hex[1] && n < cap) {
        unsigned b;
        if (sscanf(hex, "%2x", &b) != 1)
            break;
        out[n++] = (uint8_t)b;
        hex += 2;
    }
    return n;
}

int main(int argc, char **argv) {
    if (argc != 5) {
        fprintf(stderr, "usage: %s CONTAINER OBJECT STATE EXPR_HEX\n", argv[0]);
        return 2;
    }
    char err[512];
    hd_code code = hd_entries(argv[1], on_entry, NULL, err, sizeof err);
    printf("code entries %d\n", (int)code);
    code = hd_entries("/nonexistent/file.co", on_entry, NULL, err, sizeof err);
    printf("code entries-missing %d %s\n", (int)code, err);

    hd_session *session = NULL;
    code = hd_session_open(argv[2], NULL, &session, err, sizeof err);
    if (code != HD_OK) {
        fprintf(stderr, "open: %s\n", err);
        return 1;
    }
    hd_verify_summary summary;
    code = hd_verify(session, on_finding, NULL, &summary);
    printf("code verify %d\n", (int)code);
    printf("summary %" PRIu64 " %" PRIu64 " %" PRIu64 " %" PRIu64 " %" PRIu64 " %" PRIu64
           " %" PRIu64 " %" PRIu64 "\n",
           summary.errors, summary.warnings, summary.infos, summary.expressions,
           summary.scope_bytes, summary.available_bytes, summary.per_lane_bytes,
           summary.optimized_out_bytes);
    printf("code verify-null %d\n", (int)hd_verify(NULL, on_finding, NULL, &summary));

    hd_state *state = NULL;
    code = hd_state_load(argv[3], &state, err, sizeof err);
    if (code != HD_OK) {
        fprintf(stderr, "state: %s\n", err);
        hd_session_free(session);
        return 1;
    }
    uint8_t expr[256];
    size_t len = hex_bytes(argv[4], expr, sizeof expr);
    uint32_t lanes[64];
    for (uint32_t i = 0; i < 64; i++)
        lanes[i] = i;
    code = hd_eval(state, expr, len, 0, lanes, 64, 8, on_eval, NULL);
    printf("code eval %d\n", (int)code);
    printf("code eval-stopped %d\n", (int)hd_eval(state, expr, len, 0, NULL, 0, 0, stop_at_once, NULL));
    uint8_t bad[] = {0xff, 0x00};
    code = hd_eval(state, bad, sizeof bad, 0, NULL, 0, 0, on_eval, NULL);
    hd_state_error(state, err, sizeof err);
    printf("code eval-bad %d %s\n", (int)code, err);
    printf("code eval-encoding %d\n", (int)hd_eval(state, expr, len, 7, NULL, 0, 0, on_eval, NULL));

    code = hd_read_frame(session, state, 0, NULL, 0, on_variable, on_lane, NULL);
    printf("code frame %d\n", (int)code);

    /* Each variable's raw bytes for the first lanes, into our own buffers. */
    for (size_t i = 0; i < ndies; i++) {
        for (int64_t lane = 0; lane < 3; lane++) {
            uint8_t buf[64];
            hd_byte avail[64];
            size_t needed = 0;
            code = hd_read_bytes(session, state, 0, dies[i], lane, buf, avail, sizeof buf, &needed);
            printf("bytes %" PRIu64 " %" PRId64 " %d %zu ", dies[i], lane, (int)code, needed);
            for (size_t k = 0; code == HD_OK && k < needed && k < sizeof buf; k++) {
                if (avail[k] == HD_BYTE_VALID)
                    printf("%02x", buf[k]);
                else
                    printf("%s", avail[k] == HD_BYTE_OPTIMIZED_OUT ? "oo" : "??");
            }
            printf("\n");
        }
    }
    size_t needed = 0;
    printf("code bytes-null %d\n", (int)hd_read_bytes(session, state, 0, ndies ? dies[0] : 0, 0, NULL, NULL, 4, &needed));
    printf("code bytes-lane %d\n", (int)hd_read_bytes(session, state, 0, ndies ? dies[0] : 0, 999, NULL, NULL, 0, &needed));
    printf("code bytes-die %d\n", (int)hd_read_bytes(session, state, 0, 1, 0, NULL, NULL, 0, &needed));

    /* The same frame through a context of callbacks, batched and not. */
    uint64_t pc = 0;
    hd_frame_pc(session, state, 0, &pc);
    for (int batched = 0; batched < 2; batched++) {
        hd_context context = {
            .user = NULL,
            .processor = "gfx90a",
            .wave_size = 64,
            .pc = pc,
            .load_bias = 0,
            .exec = UINT64_MAX,
            .read_register = zero_register,
            .read_memory = zero_memory,
            .read_batch = batched ? zero_batch : NULL,
            .write_register = log_register,
            .write_memory = log_memory,
        };
        uint32_t frames = 0;
        code = hd_context_frame_count(session, &context, &frames);
        printf("code context-frames %d %u\n", (int)code, frames);
        size_t lanes_read = 0;
        for (size_t i = 0; i < ndies; i++)
            hd_context_read_lanes(session, &context, 0, dies[i], NULL, NULL, 0, count_lane, &lanes_read);
        printf("context-lanes %d %zu\n", batched, lanes_read);
        if (ndies > 0) {
            code = hd_context_write(session, &context, 0, dies[0], NULL, 3, "7");
            printf("code context-write %d %u\n", (int)code, writes);
        }
    }

    hd_state_free(state);
    hd_session_free(session);
    return 0;
}
