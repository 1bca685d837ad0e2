// Cat and Mouse II with a move horizon (LeetCode 1728): the editorial's retrograde analysis, a
// breadth-first search backwards from the ends over (mouse, cat, turn) with degree counting,
// keeping each state's result and its distance in plies. Mouse wins iff the start is Mouse's
// with a distance of at most T.
#include <cstdio>
#include <cstring>
#include <vector>

static const int DR[4] = {-1, 1, 0, 0}, DC[4] = {0, 0, -1, 1};
enum { UNKNOWN = 0, MOUSE_WIN = 1, CAT_WIN = 2 };

int R, C, jumpOf[2], n;
char grid[20][21];

// Calls f(cell) for every cell a piece with jump `jump` at `cell` reaches (staying included);
// jumps are symmetric, so these are also the cells it can come from.
template <class F> static void forJumps(int cell, int jump, F f) {
    int r = cell / C, c = cell % C;
    f(cell);
    for (int d = 0; d < 4; d++)
        for (int k = 1; k <= jump; k++) {
            int nr = r + DR[d] * k, nc = c + DC[d] * k;
            if (nr < 0 || nr >= R || nc < 0 || nc >= C || grid[nr][nc] == '#') break;
            f(nr * C + nc);
        }
}

int main() {
    int catJump, mouseJump;
    long long T;
    if (scanf("%d %d %d %d %lld", &R, &C, &catJump, &mouseJump, &T) != 5) return 1;
    for (int r = 0; r < R; r++) scanf("%20s", grid[r]);
    jumpOf[0] = mouseJump, jumpOf[1] = catJump;
    n = R * C;
    int mouse0 = 0, cat0 = 0, food = 0;
    for (int i = 0; i < n; i++) {
        char ch = grid[i / C][i % C];
        if (ch == 'M') mouse0 = i;
        if (ch == 'C') cat0 = i;
        if (ch == 'F') food = i;
    }
    // State (turn * n + mouse) * n + cat; turn 0 is Mouse's.
    std::vector<unsigned char> result(2 * n * n, UNKNOWN), degree(2 * n * n, 0);
    std::vector<int> dist(2 * n * n, 0), queue, moves[2];
    queue.reserve(2 * n * n);
    for (int t = 0; t < 2; t++)
        for (int i = 0; i < n; i++) {
            moves[t].push_back(0);
            forJumps(i, jumpOf[t], [&](int) { moves[t][i]++; });
        }
    for (int m = 0; m < n; m++) {
        if (grid[m / C][m % C] == '#') continue;
        for (int c = 0; c < n; c++) {
            if (grid[c / C][c % C] == '#') continue;
            for (int t = 0; t < 2; t++) {
                int s = (t * n + m) * n + c;
                degree[s] = moves[t][t == 0 ? m : c];
                int res = m == c || c == food ? CAT_WIN : m == food ? MOUSE_WIN : UNKNOWN;
                if (res) result[s] = res, queue.push_back(s);
            }
        }
    }
    for (size_t head = 0; head < queue.size(); head++) {
        int s = queue[head], t = s / (n * n), m = s / n % n, c = s % n;
        int res = result[s], pt = 1 - t;
        // The previous move was made by the other side.
        int from = pt == 0 ? m : c;
        forJumps(from, jumpOf[pt], [&](int prev) {
            int p = pt == 0 ? (0 * n + prev) * n + c : (n + m) * n + prev;
            if (result[p] != UNKNOWN) return;
            bool wins = (res == MOUSE_WIN) == (pt == 0);
            if (wins || --degree[p] == 0) {
                result[p] = res, dist[p] = dist[s] + 1;
                queue.push_back(p);
            }
        });
    }
    int start = mouse0 * n + cat0;
    puts(result[start] == MOUSE_WIN && dist[start] <= T ? "Mouse" : "Cat");
}
