#include "ai/shogi/mate_search.hpp"

#include <algorithm>
#include <unordered_map>

namespace kaisho::ai::shogi_search {

namespace {

// Proof and disproof numbers: how many more leaves must be shown mated (proof) or escaped
// (disproof) at least to settle a position. kInfinite marks a settled one.
constexpr uint32_t kInfinite = 1u << 30;

uint32_t add(uint32_t a, uint32_t b) {
  return std::min(kInfinite, a + b);
}

struct Numbers {
  uint32_t proof = 1;
  uint32_t disproof = 1;
};

class ProofNumberSearch {
 public:
  ProofNumberSearch(const Position& pos, const RuleSettings& rules, SearchBudget& budget)
      : pos_(pos), rules_(rules), budget_(budget) {}

  MateSearchResult run() {
    MateSearchResult result;
    if (in_check<Variant::Shogi>(pos_)) return result;  // the attacker must not be in check
    // The game's earlier positions count as the path: the attacker may not lead back to one.
    for (uint64_t key : pos_.key_history()) ++on_path_[key];
    root_ply_ = pos_.key_history().size() - 1;
    const Numbers root = expand(kInfinite, kInfinite, true);
    if (root.proof == 0) {
      result.line = mating_line();
    } else if (root.disproof == 0 && !out_of_budget_) {
      result.disproven = true;
    }
    return result;
  }

 private:
  // The moves at a node (checks for the attacker, every legal reply for the defender) and
  // the key of the position each leads to. A check's position not yet in the table enters it
  // with its replies counted: none is a mate, and a check with fewer replies is likelier to
  // mate (its proof number is their count), so the attacker's checks are tried by it.
  void children(bool attacker, MoveList& list, std::vector<uint64_t>& keys) {
    MoveList legal;
    generate_legal<Variant::Shogi>(pos_, rules_, legal);
    for (Move m : legal) {
      pos_.do_move(m);
      if (!attacker || in_check<Variant::Shogi>(pos_)) {
        list.add(m);
        keys.push_back(pos_.key());
        if (attacker && !table_.contains(pos_.key())) {
          MoveList replies;
          generate_legal<Variant::Shogi>(pos_, rules_, replies);
          const uint32_t n = static_cast<uint32_t>(replies.size());
          table_[pos_.key()] = n == 0 ? Numbers{0, kInfinite} : Numbers{n, 1};
        }
      }
      pos_.undo_move();
    }
  }

  Numbers lookup(uint64_t key) const {
    const auto it = table_.find(key);
    return it == table_.end() ? Numbers{} : it->second;
  }

  bool on_path(uint64_t key) const {
    const auto it = on_path_.find(key);
    return it != on_path_.end() && it->second > 0;
  }

  bool budget_left() {
    if (budget_.exhausted() || table_.size() >= kMaxMateEntries) out_of_budget_ = true;
    return !out_of_budget_;
  }

  // Searches the node at the top of the path until its proof number reaches proof_limit or
  // its disproof number disproof_limit (Nagai's df-pn), and returns its numbers (also stored).
  Numbers expand(uint32_t proof_limit, uint32_t disproof_limit, bool attacker) {
    budget_.count();
    const uint64_t key = pos_.key();
    const int ply = static_cast<int>(pos_.key_history().size() - 1 - root_ply_);
    if (ply >= kMaxMatePlies) return Numbers{kInfinite, 0};  // too long: not stored
    MoveList list;
    std::vector<uint64_t> child_keys;
    children(attacker, list, child_keys);
    if (list.size() == 0) {
      // The attacker has no check: no mate here. The defender has no legal reply: mated.
      const Numbers settled = attacker ? Numbers{kInfinite, 0} : Numbers{0, kInfinite};
      table_[key] = settled;
      return settled;
    }
    Numbers node;
    while (true) {
      // The numbers from the children: the attacker needs one child proven, the defender
      // all of them; a child already on the path is a repetition, the defender's escape.
      node = attacker ? Numbers{kInfinite, 0} : Numbers{0, kInfinite};
      int best = -1;
      uint32_t best_value = kInfinite + 1, second_value = kInfinite;
      for (int i = 0; i < list.size(); ++i) {
        const uint64_t child = child_keys[static_cast<size_t>(i)];
        const Numbers n = on_path(child) ? Numbers{kInfinite, 0} : lookup(child);
        const uint32_t value = attacker ? n.proof : n.disproof;
        if (attacker) {
          node.proof = std::min(node.proof, n.proof);
          node.disproof = add(node.disproof, n.disproof);
        } else {
          node.proof = add(node.proof, n.proof);
          node.disproof = std::min(node.disproof, n.disproof);
        }
        if (value < best_value) {
          second_value = best_value;
          best_value = value;
          best = i;
        } else if (value < second_value) {
          second_value = value;
        }
      }
      if (node.proof >= proof_limit || node.disproof >= disproof_limit || !budget_left()) break;
      const uint64_t child = child_keys[static_cast<size_t>(best)];
      const Numbers chosen = lookup(child);
      uint32_t child_proof, child_disproof;
      if (attacker) {
        child_proof = std::min(proof_limit, add(second_value, 1));
        child_disproof = add(disproof_limit - node.disproof, chosen.disproof);
      } else {
        child_disproof = std::min(disproof_limit, add(second_value, 1));
        child_proof = add(proof_limit - node.proof, chosen.proof);
      }
      pos_.do_move(list[best]);
      ++on_path_[child];
      const Numbers result = expand(child_proof, child_disproof, !attacker);
      --on_path_[child];
      pos_.undo_move();
      // A node cut at the length limit is not stored; record it here so that the loop moves on.
      if (result.proof == kInfinite && result.disproof == 0 && !table_.contains(child))
        table_[child] = result;
    }
    table_[key] = node;
    return node;
  }

  // After a proof: from the root, each side plays a move to a proven position (the attacker
  // a check), until the defender has no legal reply. The line is built from legal moves on a
  // copy of the position, so it is legal whatever the table holds; it is empty if it does
  // not end in mate within kMaxMatePlies.
  std::vector<Move> mating_line() const {
    std::vector<Move> line;
    Position pos = pos_;
    std::vector<uint64_t> seen = pos.key_history();
    for (int ply = 0; ply < kMaxMatePlies; ++ply) {
      const bool attacker = ply % 2 == 0;
      MoveList legal;
      generate_legal<Variant::Shogi>(pos, rules_, legal);
      if (legal.size() == 0) return attacker ? std::vector<Move>{} : line;
      Move chosen;
      for (Move m : legal) {
        pos.do_move(m);
        const uint64_t key = pos.key();
        const bool check = in_check<Variant::Shogi>(pos);
        pos.undo_move();
        if ((attacker && !check) || std::find(seen.begin(), seen.end(), key) != seen.end())
          continue;
        const auto it = table_.find(key);
        if (it != table_.end() && it->second.proof == 0) {
          chosen = m;
          break;
        }
      }
      if (!chosen) return {};
      line.push_back(chosen);
      pos.do_move(chosen);
      seen.push_back(pos.key());
    }
    return {};
  }

  Position pos_;
  RuleSettings rules_;
  SearchBudget& budget_;
  bool out_of_budget_ = false;
  std::unordered_map<uint64_t, Numbers> table_;
  // How often each position stands on the game's record and the search's path.
  std::unordered_map<uint64_t, int> on_path_;
  size_t root_ply_ = 0;  // the root's index in the position's key history
};

}  // namespace

MateSearchResult find_mate(const Position& pos, const RuleSettings& rules, SearchBudget& budget) {
  return ProofNumberSearch(pos, rules, budget).run();
}

}  // namespace kaisho::ai::shogi_search
