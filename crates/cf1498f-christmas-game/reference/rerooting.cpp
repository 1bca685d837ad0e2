// Codeforces 1498 F, the editorial's algorithm as a contestant writes it: staircase nim, so the
// mover loses exactly when the XOR of a_v over depth mod 2k in [k, 2k) is 0; dp[v][d] is the
// XOR over v's subtree at depth d (mod 2k) below v, then rerooting gives every root's table.
// Iterative (BFS order), so a path of 10^5 vertices needs no deep stack.
#include <cstdio>
#include <cstring>
#include <vector>
using namespace std;

static char buf[1 << 25];
static int pos = 0, len = 0;

static int readInt() {
    while (pos < len && (buf[pos] < '0' || buf[pos] > '9')) pos++;
    int x = 0;
    while (pos < len && buf[pos] >= '0' && buf[pos] <= '9') x = x * 10 + (buf[pos++] - '0');
    return x;
}

int main() {
    len = fread(buf, 1, sizeof(buf), stdin);
    int n = readInt(), k = readInt();
    int m = 2 * k;
    vector<int> head(n, -1), nxt(2 * (n - 1)), to(2 * (n - 1));
    for (int i = 0; i < n - 1; i++) {
        int x = readInt() - 1, y = readInt() - 1;
        to[2 * i] = y; nxt[2 * i] = head[x]; head[x] = 2 * i;
        to[2 * i + 1] = x; nxt[2 * i + 1] = head[y]; head[y] = 2 * i + 1;
    }
    vector<unsigned> a(n);
    for (int i = 0; i < n; i++) a[i] = readInt();

    vector<int> order, parent(n, -1);
    order.reserve(n);
    order.push_back(0);
    parent[0] = 0;
    for (int h = 0; h < (int)order.size(); h++) {
        int v = order[h];
        for (int e = head[v]; e != -1; e = nxt[e])
            if (parent[to[e]] == -1) { parent[to[e]] = v; order.push_back(to[e]); }
    }

    vector<unsigned> dp((size_t)n * m, 0), all((size_t)n * m, 0);
    for (int v = 0; v < n; v++) dp[(size_t)v * m] = a[v];
    for (int i = n - 1; i > 0; i--) {
        int v = order[i], p = parent[v];
        unsigned *dv = &dp[(size_t)v * m], *dpp = &dp[(size_t)p * m];
        for (int d = 0; d < m; d++) dpp[(d + 1) % m] ^= dv[d];
    }
    memcpy(&all[0], &dp[0], sizeof(unsigned) * m);
    for (int i = 1; i < n; i++) {
        int v = order[i], p = parent[v];
        unsigned *av = &all[(size_t)v * m], *ap = &all[(size_t)p * m], *dv = &dp[(size_t)v * m];
        // Depth d from v: in v's subtree, or outside it at depth d - 1 from p.
        for (int d = 0; d < m; d++)
            av[d] = dv[d] ^ ap[(d + m - 1) % m] ^ dv[(d + m - 2) % m];
    }

    static char out[1 << 18];
    int o = 0;
    for (int r = 0; r < n; r++) {
        unsigned x = 0;
        for (int d = k; d < m; d++) x ^= all[(size_t)r * m + d];
        out[o++] = x ? '1' : '0';
        out[o++] = r + 1 < n ? ' ' : '\n';
    }
    fwrite(out, 1, o, stdout);
    return 0;
}
