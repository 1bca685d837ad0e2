// Plain C++ of the run-wise DP of p4363-staircase-chess, for comparison with the bundle.
// g++ -O2 runs.cpp -o runs; input as the statement's (n m, then A and B).
//
// A shape is a mask of n + m bits with n ones, ranked in colex order (the masks' numeric
// order). Masks that share their bits from some position up are a contiguous run of ranks, and
// a move of a one above that position has the same rank delta and cell for the whole run: one
// SSE2 "relax" (best = max(best, gain - child)) over the run. The high 14 bits split the ranks
// into blocks whose children lie ahead in a ring; inside a block the runs nest (bits 9.., 6..)
// and only the moves inside the lowest bits go mask by mask, from a small table.
#include <emmintrin.h>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <vector>

typedef long long ll;
static const int SLOTS = 4096;
static int rows, cols, len, stride;
static ll C[64][64];
static int gain[3][SLOTS]; // Black's, White's, Black's: gain + mover * SLOTS is the mover's first

struct Op {
    int start, count, delta, slot; // a relax of best[start..start+count) from best[i + delta];
                                    // slot < 0: the masks of leaf -slot - 1, per mask
};
struct Leaf {
    int start, count;            // the masks' range in the block
    std::vector<int> first;      // moves of the t-th mask: first[t]..first[t + 1]
    std::vector<int> delta, slot; // slot + SLOTS where the mask's mover is the other player
};
struct Block {
    int size;
    std::vector<unsigned> odd; // all ones where the low bits' positions sum to an odd number
    std::vector<Op> ops;
    std::vector<Leaf> leaves;
};

static const int LOW_BITS = 14;
static int levels[] = {14, 9, 6}; // run boundaries inside a block, the last one per mask

// The ops of the run of masks whose bits from `bits` up are fixed (`above`, relative to the
// block), with `ones` ones below and first rank `start`, in evaluation order.
static void gen(Block& block, int level, int bits, int ones, int start, unsigned above) {
    int nlevels = sizeof levels / sizeof levels[0];
    if (level + 1 >= nlevels || bits <= levels[level + 1]) {
        Leaf leaf;
        leaf.start = start;
        leaf.count = (int)C[bits][ones];
        leaf.first.push_back(0);
        for (unsigned low = 0; low < (1u << bits); low++) {
            if (__builtin_popcount(low) != ones) continue;
            int other = block.odd[start + (int)leaf.first.size() - 1] & 1;
            for (int p = 0; p + 1 < bits; p++) {
                if ((low >> p & 1) && !(low >> (p + 1) & 1)) {
                    int j = __builtin_popcount(low & ((2u << p) - 1));
                    leaf.delta.push_back((int)C[p][j - 1]);
                    leaf.slot.push_back(p * stride + j + other * SLOTS);
                }
            }
            leaf.first.push_back((int)leaf.delta.size());
        }
        block.ops.push_back(Op{start, leaf.count, 0, -(int)block.leaves.size() - 1});
        block.leaves.push_back(leaf);
        return;
    }
    int split = levels[level + 1];
    // Sub-runs by the bits split..bits, in increasing order (rank order), then run backwards.
    std::vector<unsigned> pats;
    std::vector<int> starts;
    int s = start;
    for (unsigned q = 0; q < (1u << (bits - split)); q++) {
        int low_ones = ones - __builtin_popcount(q);
        if (low_ones < 0 || low_ones > split) continue;
        pats.push_back(q);
        starts.push_back(s);
        s += (int)C[split][low_ones];
    }
    for (int i = (int)pats.size() - 1; i >= 0; i--) {
        unsigned q = pats[i];
        int low_ones = ones - __builtin_popcount(q);
        int size = (int)C[split][low_ones];
        unsigned whole = (q << split) | (above << bits); // bits from `split` up
        for (int p = split; p < bits; p++) {
            // The one at p steps to p + 1 inside the block (p + 1 == LOW_BITS is the block's).
            if ((whole >> p & 1) && !(whole >> (p + 1) & 1) && p + 1 < LOW_BITS) {
                if (p + 1 >= bits) {
                    // The step out of this run was the parent's: p + 1 == bits.
                    continue;
                }
                int j = low_ones + __builtin_popcount(q & ((2u << (p - split)) - 1));
                block.ops.push_back(Op{starts[i], size, (int)C[p][j - 1], p * stride + j});
            }
        }
        // The top one below the split stepping over it: the masks with bit split - 1 set.
        if (low_ones >= 1 && !(q & 1)) {
            int from = (int)C[split - 1][low_ones];
            int p = split - 1, j = low_ones;
            block.ops.push_back(
                Op{starts[i] + from, size - from, (int)C[p][j - 1], p * stride + j});
        }
        gen(block, level + 1, split, low_ones, starts[i], whole >> split);
    }
}

static inline void relax(int* best, const unsigned* odd, const int* child, int count, int even,
                         unsigned flip) {
    int i = 0;
    __m128i e = _mm_set1_epi32(even), f = _mm_set1_epi32((int)flip);
    for (; i + 4 <= count; i += 4) {
        __m128i o = _mm_loadu_si128((const __m128i*)(odd + i));
        __m128i g = _mm_xor_si128(e, _mm_and_si128(f, o));
        __m128i v = _mm_sub_epi32(g, _mm_loadu_si128((const __m128i*)(child + i)));
        __m128i b = _mm_loadu_si128((const __m128i*)(best + i));
        __m128i gt = _mm_cmpgt_epi32(v, b);
        b = _mm_or_si128(_mm_and_si128(gt, v), _mm_andnot_si128(gt, b));
        _mm_storeu_si128((__m128i*)(best + i), b);
    }
    for (; i < count; i++) {
        int v = (even ^ (int)(flip & odd[i])) - child[i];
        if (v > best[i]) best[i] = v;
    }
}

int main() {
    if (scanf("%d %d", &rows, &cols) != 2) return 1;
    std::vector<int> A(rows * cols), B(rows * cols);
    for (int& x : A) scanf("%d", &x);
    for (int& x : B) scanf("%d", &x);
    len = rows + cols;
    stride = rows + 1;
    for (int p = 0; p <= len; p++) {
        C[p][0] = 1;
        for (int k = 1; k <= p; k++) C[p][k] = C[p - 1][k - 1] + (k < p ? C[p - 1][k] : 0);
    }
    for (int p = 0; p < len; p++)
        for (int j = 1; j <= rows && j <= p + 1; j++) {
            int r = rows - j, c = p + 1 - j;
            if (c < cols) {
                gain[0][p * stride + j] = A[r * cols + c];
                gain[1][p * stride + j] = B[r * cols + c];
                gain[2][p * stride + j] = A[r * cols + c];
            }
        }
    int low_bits = len < LOW_BITS ? len : LOW_BITS;
    // Shift the levels down for a board of fewer than 14 steps.
    for (int& l : levels) l = l - LOW_BITS + low_bits < 1 ? 1 : l - LOW_BITS + low_bits;
    std::vector<Block> blocks(rows + 1);
    for (int ones = 0; ones <= rows && ones <= low_bits; ones++) {
        Block& b = blocks[ones];
        b.size = (int)C[low_bits][ones];
        for (unsigned low = 0; low < (1u << low_bits); low++) {
            if (__builtin_popcount(low) != ones) continue;
            int sum = 0;
            for (int p = 0; p < low_bits; p++)
                if (low >> p & 1) sum += p;
            b.odd.push_back((sum & 1) ? ~0u : 0u);
        }
        if (low_bits == LOW_BITS) gen(b, 0, low_bits, ones, 0, 0);
        else {
            int saved = levels[0];
            levels[0] = low_bits;
            gen(b, 0, low_bits, ones, 0, 0);
            levels[0] = saved;
        }
    }
    ll max_delta = 0;
    for (int p = 0; p + 1 < len; p++)
        for (int k = 0; k < rows; k++)
            if (C[p][k] > max_delta) max_delta = C[p][k];
    ll largest = 0;
    for (auto& b : blocks)
        if (b.size > largest) largest = b.size;
    // No child is more than max_delta ranks ahead: a ring of max_delta + 1 values holds them.
    ll ring = max_delta + 1 > largest ? max_delta + 1 : largest;
    if (ring > C[len][rows]) ring = C[len][rows];
    int* value = (int*)calloc(ring, sizeof(int));
    std::vector<int> best(largest + 4);
    int cells_offset = rows * (rows - 1) / 2;
    for (ll high = (1LL << (len - low_bits)) - 1; high >= 0; high--) {
        int high_ones = __builtin_popcountll(high);
        if (high_ones > rows || rows - high_ones > low_bits) continue;
        int low_ones = rows - high_ones;
        Block& blk = blocks[low_ones];
        int size = blk.size;
        ll base = 0;
        int position_sum = cells_offset, k = low_ones;
        for (int p = low_bits; p < len; p++)
            if (high >> (p - low_bits) & 1) {
                k++;
                base += C[p][k];
                position_sum += p;
            }
        int mover = position_sum & 1;
        int* bst = best.data();
        for (int i = 0; i < size; i++) bst[i] = INT32_MIN;
        // The full board, the last rank of the first block, is the only shape without a move.
        if (base + size == C[len][rows]) bst[size - 1] = 0;
        unsigned long long whole = ((unsigned long long)high << low_bits) | ((1ULL << low_bits) - 1);
        for (int p = low_bits - 1; p + 1 < len; p++) {
            if (!(whole >> p & 1) || (whole >> (p + 1) & 1)) continue;
            int j = low_ones + __builtin_popcountll(high & (((2ULL << p) >> low_bits) - 1));
            if (j == 0) continue;
            int slot = p * stride + j;
            ll delta = C[p][j - 1];
            int from = p < low_bits ? (int)C[low_bits - 1][low_ones] : 0;
            int even = gain[mover][slot];
            unsigned flip = (unsigned)(even ^ gain[mover ^ 1][slot]);
            ll start = (base + delta + from) % ring;
            int split = from + (int)((ring - start) < size - from ? ring - start : size - from);
            relax(bst + from, blk.odd.data() + from, value + start, split - from, even, flip);
            relax(bst + split, blk.odd.data() + split, value, size - split, even, flip);
        }
        for (const Op& op : blk.ops) {
            if (op.slot >= 0) {
                int even = gain[mover][op.slot];
                unsigned flip = (unsigned)(even ^ gain[mover ^ 1][op.slot]);
                relax(bst + op.start, blk.odd.data() + op.start, bst + op.start + op.delta,
                      op.count, even, flip);
            } else {
                const Leaf& leaf = blk.leaves[-op.slot - 1];
                const int* g = gain[mover];
                int* at = bst + leaf.start;
                const int *delta = leaf.delta.data(), *slot = leaf.slot.data();
                for (int t = leaf.count - 1; t >= 0; t--) {
                    int b = at[t];
                    for (int e = leaf.first[t]; e < leaf.first[t + 1]; e++) {
                        int v = g[slot[e]] - at[t + delta[e]];
                        if (v > b) b = v;
                    }
                    at[t] = b;
                }
            }
        }
        ll start = base % ring;
        ll first = ring - start < size ? ring - start : size;
        memcpy(value + start, bst, first * sizeof(int));
        memcpy(value, bst + first, (size - first) * sizeof(int));
    }
    printf("%d\n", value[0]);
    return 0;
}
