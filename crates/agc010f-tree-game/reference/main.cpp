// The editorial's algorithm written plainly, for the speed comparison and as an independent
// check of the large samples (not judge code of this workspace): from each start, a recursive
// search of the tree rooted there, v winning iff a child u with A_u < A_v is losing. O(N^2).
// g++ -O2.
#include <cstdio>
#include <vector>
using namespace std;

static int n;
static vector<long long> a;
static vector<vector<int>> adj;

static bool wins(int v, int parent) {
    for (int u : adj[v])
        if (u != parent && a[u] < a[v] && !wins(u, v)) return true;
    return false;
}

int main() {
    if (scanf("%d", &n) != 1) return 1;
    a.resize(n);
    adj.resize(n);
    for (auto& x : a) scanf("%lld", &x);
    for (int i = 0; i + 1 < n; i++) {
        int u, v;
        scanf("%d %d", &u, &v);
        adj[u - 1].push_back(v - 1);
        adj[v - 1].push_back(u - 1);
    }
    bool first = true;
    for (int v = 0; v < n; v++)
        if (wins(v, -1)) {
            printf(first ? "%d" : " %d", v + 1);
            first = false;
        }
    printf("\n");
    return 0;
}
