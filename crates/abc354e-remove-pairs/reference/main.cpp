// ABC 354 E (Remove Pairs), the editorial's bitmask DP: win[mask] over the subsets of cards,
// each mask trying the list of removable pairs until one leaves a lost position.
#include <cstdio>
#include <vector>

int main() {
    int n;
    if (scanf("%d", &n) != 1) return 1;
    std::vector<int> a(n), b(n);
    for (int i = 0; i < n; i++) {
        if (scanf("%d %d", &a[i], &b[i]) != 2) return 1;
    }
    std::vector<int> pairs;
    for (int i = 0; i < n; i++)
        for (int j = i + 1; j < n; j++)
            if (a[i] == a[j] || b[i] == b[j]) pairs.push_back(1 << i | 1 << j);
    std::vector<char> win(1 << n, 0);
    for (int mask = 0; mask < (1 << n); mask++) {
        for (int p : pairs) {
            if ((mask & p) == p && !win[mask ^ p]) {
                win[mask] = 1;
                break;
            }
        }
    }
    puts(win[(1 << n) - 1] ? "Takahashi" : "Aoki");
}
