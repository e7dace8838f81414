/* locals.c -- every frame's variables, for every lane, through hetdwarf's C ABI.
 *
 *   cc -I tools/capi/include tools/capi/examples/locals.c target/release/libhetdwarf_c.a \
 *      -lpthread -ldl -lm -o locals
 *   ./locals corpora/rocm/ocl-gfx90a-O0.hsaco corpora/states/demo-ocl-gfx90a-O0.json
 *
 * Prints one JSON object per line and lane:
 *   {"frame": K, "pc": P, "die": D, "name": "...", "type": "...", "lane": L,
 *    "status": "value|inactive|optimized_out|error", "value": "..." or null}
 * (tools/capi/tests/c_example.rs compares them with `hetdwarf locals --format json`). */

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "hetdwarf.h"

/* Writes s as a JSON string. */
static void json_string(const char *s) {
    if (!s) {
        fputs("null", stdout);
        return;
    }
    putchar('"');
    for (; *s; s++) {
        unsigned char c = (unsigned char)*s;
        if (c == '"' || c == '\\')
            printf("\\%c", c);
        else if (c < 0x20)
            printf("\\u%04x", c);
        else
            putchar(c);
    }
    putchar('"');
}

/* A copy of s on the heap (strdup is POSIX, not C11). */
static char *copy(const char *s) {
    size_t n = strlen(s) + 1;
    char *c = malloc(n);
    if (c)
        memcpy(c, s, n);
    return c;
}

struct variables {
    size_t count, cap;
    uint64_t *dies;
    char **names, **types;
};

static int on_variable(void *user, const hd_variable *v) {
    struct variables *vs = user;
    if (vs->count == vs->cap) {
        size_t cap = vs->cap ? 2 * vs->cap : 16;
        uint64_t *dies = realloc(vs->dies, cap * sizeof *dies);
        char **names = realloc(vs->names, cap * sizeof *names);
        char **types = realloc(vs->types, cap * sizeof *types);
        if (!dies || !names || !types)
            return 1;
        vs->dies = dies, vs->names = names, vs->types = types, vs->cap = cap;
    }
    vs->dies[vs->count] = v->die;
    vs->names[vs->count] = copy(v->name);
    vs->types[vs->count] = copy(v->type_name);
    vs->count++;
    return 0;
}

struct lane_ctx {
    uint32_t frame;
    uint64_t pc, die;
    const char *name, *type;
};

static int on_lane(void *user, const hd_lane_value *v) {
    const struct lane_ctx *c = user;
    static const char *status[] = {"value", "inactive", "optimized_out", "error"};
    printf("{\"frame\": %u, \"pc\": %llu, \"die\": %llu, \"name\": ", c->frame,
           (unsigned long long)c->pc, (unsigned long long)c->die);
    json_string(c->name);
    fputs(", \"type\": ", stdout);
    json_string(c->type);
    printf(", \"lane\": %lld, \"status\": \"%s\", \"value\": ", (long long)v->lane,
           status[v->status]);
    json_string(v->text);
    fputs(", \"location\": ", stdout);
    json_string(v->location);
    fputs("}\n", stdout);
    return 0;
}

int main(int argc, char **argv) {
    if (argc != 3) {
        fprintf(stderr, "usage: %s CODE_OBJECT WAVE_STATE\n", argv[0]);
        return 2;
    }
    char err[512];
    hd_session *session = NULL;
    hd_state *state = NULL;
    if (hd_session_open(argv[1], NULL, &session, err, sizeof err) != HD_OK) {
        fprintf(stderr, "locals: %s\n", err);
        return 1;
    }
    if (hd_state_load(argv[2], &state, err, sizeof err) != HD_OK) {
        fprintf(stderr, "locals: %s\n", err);
        hd_session_free(session);
        return 1;
    }
    int status = 0;
    uint32_t frames = 0;
    if (hd_frame_count(session, state, &frames) != HD_OK) {
        hd_session_error(session, err, sizeof err);
        fprintf(stderr, "locals: %s\n", err);
        status = 1;
    }
    for (uint32_t k = 0; k < frames; k++) {
        struct lane_ctx ctx = {.frame = k};
        struct variables vs = {0};
        if (hd_frame_pc(session, state, k, &ctx.pc) != HD_OK ||
            hd_variables(session, state, k, on_variable, &vs) != HD_OK) {
            hd_session_error(session, err, sizeof err);
            fprintf(stderr, "locals: frame %u: %s\n", k, err);
            status = 1;
        }
        for (size_t i = 0; i < vs.count; i++) {
            ctx.die = vs.dies[i], ctx.name = vs.names[i], ctx.type = vs.types[i];
            /* Every lane of the wave, whole variable. */
            if (hd_read_lanes(session, state, k, vs.dies[i], NULL, NULL, 0, on_lane, &ctx) !=
                HD_OK) {
                hd_session_error(session, err, sizeof err);
                fprintf(stderr, "locals: %s: %s\n", vs.names[i], err);
                status = 1;
            }
            free(vs.names[i]);
            free(vs.types[i]);
        }
        free(vs.dies);
        free(vs.names);
        free(vs.types);
    }
    hd_state_free(state);
    hd_session_free(session);
    return status;
}
