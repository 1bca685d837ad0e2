// The editorial's algorithm written plainly, for the speed comparison only (not judge code of
// this workspace): words as arcs between 3-letter nodes, retrograde BFS from the dead ends
// with a counter of the moves not yet known to be wins. g++ -O2.
#include <cstdio>
#include <cstring>
#include <vector>
using namespace std;

static int code(char c) { return c >= 'a' ? c - 'a' : c - 'A' + 26; }
static int node(const char* s) { return (code(s[0]) * 52 + code(s[1])) * 52 + code(s[2]); }

int main() {
    int n;
    if (scanf("%d", &n) != 1) return 1;
    const int V = 52 * 52 * 52;
    vector<int> from(n), to(n);
    static char buf[16];
    for (int i = 0; i < n; i++) {
        scanf("%15s", buf);
        int len = strlen(buf);
        from[i] = node(buf);
        to[i] = node(buf + len - 3);
    }
    // Reverse arcs in CSR: the words arriving at each node.
    vector<int> start(V + 1, 0), out(V, 0);
    for (int i = 0; i < n; i++) { start[to[i] + 1]++; out[from[i]]++; }
    for (int v = 0; v < V; v++) start[v + 1] += start[v];
    vector<int> tails(n), next(start.begin(), start.end() - 1);
    for (int i = 0; i < n; i++) tails[next[to[i]]++] = from[i];
    // 0 unknown (draw), 1 lost, 2 won, for the side to move at the node.
    vector<char> state(V, 0);
    vector<int> queue;
    queue.reserve(V);
    for (int v = 0; v < V; v++) if (out[v] == 0) { state[v] = 1; queue.push_back(v); }
    for (size_t head = 0; head < queue.size(); head++) {
        int c = queue[head];
        for (int k = start[c]; k < start[c + 1]; k++) {
            int p = tails[k];
            if (state[p]) continue;
            if (state[c] == 1) { state[p] = 2; queue.push_back(p); }
            else if (--out[p] == 0) { state[p] = 1; queue.push_back(p); }
        }
    }
    vector<char> text;
    text.reserve(n * 10);
    for (int i = 0; i < n; i++) {
        const char* w = state[to[i]] == 1 ? "Takahashi\n" : state[to[i]] == 2 ? "Aoki\n" : "Draw\n";
        text.insert(text.end(), w, w + strlen(w));
    }
    fwrite(text.data(), 1, text.size(), stdout);
    return 0;
}
