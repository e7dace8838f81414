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

/* Where the walk is: the frame, and the variable whose lanes come next. */
struct walk {
    uint32_t frame;
    uint64_t pc, die;
    char name[256], type[256];
};

static void keep(char *to, size_t size, const char *s) {
    snprintf(to, size, "%s", s);
}

static int on_variable(void *user, const hd_variable *v) {
    struct walk *w = user;
    w->die = v->die;
    keep(w->name, sizeof w->name, v->name);
    keep(w->type, sizeof w->type, v->type_name);
    return 0;
}

static int on_lane(void *user, const hd_lane_value *v) {
    const struct walk *w = user;
    static const char *status[] = {"value", "inactive", "optimized_out", "error"};
    printf("{\"frame\": %u, \"pc\": %llu, \"die\": %llu, \"name\": ", w->frame,
           (unsigned long long)w->pc, (unsigned long long)w->die);
    json_string(w->name);
    fputs(", \"type\": ", stdout);
    json_string(w->type);
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
        struct walk w = {.frame = k};
        /* One call per frame: each variable, then each of its lanes (NULL: all of them). */
        if (hd_frame_pc(session, state, k, &w.pc) != HD_OK ||
            hd_read_frame(session, state, k, NULL, 0, on_variable, on_lane, &w) != HD_OK) {
            hd_session_error(session, err, sizeof err);
            fprintf(stderr, "locals: frame %u: %s\n", k, err);
            status = 1;
        }
    }
    hd_state_free(state);
    hd_session_free(session);
    return status;
}
