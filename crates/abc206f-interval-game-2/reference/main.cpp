// ABC 206 F (Interval Game 2), the editorial's DP: g[l][r], the Grundy value of the free stretch
// [l, r) of 1..=100, is the mex over the intervals inside it of g[l][L] ^ g[R][r], by increasing
// length.
#include <cstdio>
#include <cstring>

int g[101][101];

int main() {
    int t;
    if (scanf("%d", &t) != 1) return 1;
    while (t--) {
        int n;
        if (scanf("%d", &n) != 1) return 1;
        int L[100], R[100];
        for (int i = 0; i < n; i++) {
            if (scanf("%d %d", &L[i], &R[i]) != 2) return 1;
        }
        for (int len = 1; len <= 99; len++) {
            for (int l = 1; l + len <= 100; l++) {
                int r = l + len;
                bool seen[128];
                memset(seen, 0, sizeof seen);
                for (int i = 0; i < n; i++)
                    if (l <= L[i] && R[i] <= r) seen[g[l][L[i]] ^ g[R[i]][r]] = true;
                int mex = 0;
                while (seen[mex]) mex++;
                g[l][r] = mex;
            }
        }
        puts(g[1][100] ? "Alice" : "Bob");
    }
}
