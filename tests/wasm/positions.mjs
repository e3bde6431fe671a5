// Fixed positions of every game for the comparisons with the native build: start positions,
// positions given with the moves that led there (their history counts), and positions from
// the middle of random games; some under other local rules.
export const positions = [
  { game: "shogi", position: "startpos" },
  { game: "shogi", position: "startpos moves 7g7f 3c3d 2g2f 8c8d 2f2e 8d8e" },
  {
    game: "shogi",
    position: "1ns1g1sn1/l1r3kb1/ppNpgpppl/P3p4/8p/3PP2PP/1PP2PPR1/LB4G2/2SGK1SNL b P 31",
  },
  {
    game: "shogi",
    position: "l6nl/5+P1gk/2np1S3/p1p4Pp/3P2Sp1/1PPb2P1P/P5GS1/R8/LN4bKL w GR5pnsg 1",
  },
  { game: "shogi", position: "7lk/9/8S/9/9/9/9/7L1/8K b P 1" },
  { game: "shogi", options: "handicap=bishop", position: "startpos" },
  { game: "annan", position: "startpos" },
  { game: "annan", options: "start=traditional", position: "startpos moves 7g7f 3c3d" },
  {
    game: "annan",
    position: "1nsg2snl/lr4g2/pkp1pp2p/4pp2b/Pp4p1P/P1B3P2/L1PPPPP2/2G2G1RL/1NS1K1SN1 b - 31",
  },
  {
    game: "annan",
    position: "ln3k1n1/1Lgs3sl/p3+Pg1Pp/3p1pp2/rppB1p3/3Gp1R1P/P3P1P1+b/2SP1K3/LN2GS1N1 b 2p 61",
  },
  { game: "hasami", position: "startpos" },
  { game: "hasami", position: "1pp1p2pp/8p/4P2p1/9/2p6/2p6/1P4P2/8P/PP2PP2P b 0-0 31" },
  {
    game: "hasami",
    options: "win=lead3",
    position: "p7p/P4p1p1/9/p8/P2pP4/P8/7P1/1Pp2PPp1/7Pp b 0-0 61",
  },
  { game: "hasami", options: "win=all", position: "startpos" },
  { game: "musashi", position: "startpos" },
  { game: "musashi", position: "F:b1 C:a1,a2,a4,a5,b2,b5,c2,d4,d5,e1,e2,e3,e4,e5 f 6" },
  { game: "musashi", position: "F:b2 C:a3,a4,b1,b5,c5,d4,d5,e4,f2,f3 f 15" },
  { game: "musashi", options: "start=children board=25", position: "startpos" },
  { game: "yonin", position: "startpos" },
  {
    game: "yonin",
    position:
      "2Gn1Kn3Se/SwGw1PnRnPn3/6Gn2/SwPw2PnGe1Pe1/KwRwPw3PeReKe/1Pw1GsPs1SePeGe/SwGw3Ps1Se1/3PsRsGs3/2Ss1Ks3Ss n - - ---- w 31",
  },
  {
    game: "yonin",
    position:
      "Sn2Gn1Kn1Gn1/1+Ps1Pn2Sn2/Rn4Pn3/Gw2PwPnGeGePe1/1Kw1Se1PwPe1Ke/1RwPw1Ge2Re1/Rs1Gs1Gw3Se/5Ps3/1SwSs2KsSs2 s 2PwSn - ---- e 61",
  },
  { game: "yonin", options: "format=pairs", position: "startpos" },
];

// The native tools' --option arguments for a position's options.
export function optionArgs(options) {
  return (options || "")
    .split(/\s+/)
    .filter(Boolean)
    .flatMap((o) => ["--option", o]);
}
