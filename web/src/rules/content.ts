// The rules pages, in both languages, written for this site from the facts of the rules
// pages in shared/seeds (Arabic, the source of truth) and shared/spec. Diagrams are drawn
// by diagrams.ts from the ids used here.
import type { Lang } from "../i18n";
import type { GameId } from "../net/protocol";

export type DiagramId =
  | "shogi-start"
  | "shogi-promotion"
  | "annan-backing"
  | "hasami-sandwich"
  | "hasami-corner"
  | "musashi-start"
  | "musashi-capture"
  | "yonin-start";

export type Block =
  { h: string } | { p: string } | { ul: string[] } | { diagram: DiagramId; caption: string };

type Pages = Record<GameId, Record<Lang, Block[]>>;

export const RULES: Pages = {
  shogi: {
    en: [
      {
        p: "Shogi is the chess of Japan, for two players on a board of 9×9 squares. A game takes about twenty minutes. Its special feature: a piece you capture becomes yours, and later you may put it back on the board as your own.",
      },
      { h: "The pieces and the start" },
      {
        p: "Each player has twenty pieces. All pieces have the same colour: the point of a piece shows which way it faces, and so who owns it. The first player is called sente and moves first; the second is gote.",
      },
      {
        diagram: "shogi-start",
        caption:
          "The start. Back row: lance, knight, silver, gold, king, gold, silver, knight, lance. In front: the bishop on your left, the rook on your right, then nine pawns.",
      },
      { h: "How the pieces move" },
      {
        ul: [
          "King (玉/王): one square in any direction.",
          "Rook (飛): any number of empty squares straight along a rank or file.",
          "Bishop (角): any number of empty squares diagonally.",
          "Gold (金): one square in any direction except the two diagonals behind it.",
          "Silver (銀): one square forward or to any of the four diagonals.",
          "Knight (桂): two squares forward and one to the side, jumping over pieces. It is the only piece that jumps.",
          "Lance (香): any number of empty squares straight forward.",
          "Pawn (歩): one square forward; it captures the same way.",
        ],
      },
      {
        p: "You capture by moving onto an opponent's piece. Knights, lances and pawns never go backwards, and no piece may land on a square of its own side.",
      },
      { h: "Promotion" },
      {
        p: "The three rows furthest from you are the promotion zone. A move into it, inside it or out of it lets you turn the piece over to its stronger side. Promotion is a choice, except that a pawn or lance reaching the last row and a knight reaching the last two rows must promote, since they could never move again.",
      },
      {
        diagram: "shogi-promotion",
        caption: "The silver may go into the zone and choose to promote; the site then asks you.",
      },
      {
        ul: [
          "A promoted rook (dragon, 龍) adds one diagonal step; a promoted bishop (horse, 馬) adds one straight step.",
          "Promoted silver, knight, lance and pawn move like a gold.",
          "The king and the gold never promote. A promoted piece stays promoted while it is on the board.",
        ],
      },
      { h: "Pieces in hand and drops" },
      {
        p: "A captured piece loses its promotion and goes to your hand. On your turn, instead of moving, you may drop it unpromoted on any empty square, even inside the promotion zone. Three drops are forbidden: on a square where the piece could never move; a pawn on a file where you already have an unpromoted pawn; a pawn drop that gives checkmate (other pieces may mate by a drop).",
      },
      { h: "Check and the end of the game" },
      {
        ul: [
          "Never leave your king where it could be captured. In check, move the king, capture the attacker, or put a piece between them.",
          "Checkmate wins. A player with no legal move also loses. You may resign.",
          "The same position (board, both hands, same player to move) for the fourth time is a draw and the game is replayed — but if one player gave check with every move of that repetition, that player loses.",
          "A table may set a move limit; reaching it is a draw.",
          "The site refuses illegal moves instead of ending the game.",
        ],
      },
    ],
    ar: [
      {
        p: "الشوغي هو الشطرنج الياباني، يلعبه شخصان على رقعة من 9×9 مربعًا، وتدوم المباراة نحو عشرين دقيقة. ما يميّزه أن القطعة التي تأخذها من خصمك تصير لك، ويمكنك لاحقًا أن تعيدها إلى الرقعة كأنها من قطعك.",
      },
      { h: "القطع ووضع البداية" },
      {
        p: "لكل لاعب عشرون قطعة، وكل القطع بلون واحد: رأسها المدبّب يدلّ على اتجاهها ومن ثمّ على صاحبها. يسمّى اللاعب الأول «سينتي» وهو من يبدأ، والثاني «غوتي».",
      },
      {
        diagram: "shogi-start",
        caption:
          "وضع البداية. الصف الخلفي: رمح، حصان، فضي، ذهبي، ملك، ذهبي، فضي، حصان، رمح. أمامه الفيل إلى يسارك والرخ إلى يمينك، ثم تسعة بيادق.",
      },
      { h: "حركة القطع" },
      {
        ul: [
          "الملك (玉/王): مربع واحد في أي اتجاه.",
          "الرخ (飛): أي عدد من المربعات الفارغة أفقيًا أو عموديًا.",
          "الفيل (角): أي عدد من المربعات الفارغة قطريًا.",
          "الذهبي (金): مربع واحد في كل الاتجاهات ما عدا القطرين الخلفيين.",
          "الفضي (銀): مربع واحد إلى الأمام أو في أحد الأقطار الأربعة.",
          "الحصان (桂): مربعان إلى الأمام ثم مربع إلى الجانب، قافزًا فوق القطع؛ ولا يقفز غيره.",
          "الرمح (香): أي عدد من المربعات الفارغة إلى الأمام مباشرة.",
          "البيدق (歩): مربع واحد إلى الأمام، ويأخذ بالطريقة نفسها.",
        ],
      },
      {
        p: "تأخذ قطعة خصمك بالانتقال إلى مربعها. الحصان والرمح والبيدق لا تعود إلى الخلف أبدًا، ولا تنتقل قطعة إلى مربع تشغله قطعة من جهتها.",
      },
      { h: "الترقية" },
      {
        p: "الصفوف الثلاثة الأبعد عنك هي منطقة الترقية. إذا دخلتها قطعة أو تحركت داخلها أو خرجت منها، جاز لك قلبها إلى وجهها الأقوى. الترقية اختيارية، إلا أن البيدق والرمح في الصف الأخير والحصان في الصفين الأخيرين تجب ترقيتها، لأنها لن تستطيع الحركة بعد ذلك.",
      },
      {
        diagram: "shogi-promotion",
        caption: "يستطيع الفضي دخول المنطقة واختيار الترقية؛ ويسألك الموقع عندئذ.",
      },
      {
        ul: [
          "الرخ المرقّى (التنين 龍) يضيف خطوة قطرية واحدة، والفيل المرقّى (馬) يضيف خطوة واحدة أفقية أو عمودية.",
          "الفضي والحصان والرمح والبيدق بعد الترقية تتحرك مثل الذهبي.",
          "الملك والذهبي لا يترقّيان. والقطعة المرقّاة تبقى مرقّاة ما دامت على الرقعة.",
        ],
      },
      { h: "القطع في اليد والإسقاط" },
      {
        p: "القطعة المأخوذة تفقد ترقيتها وتنتقل إلى يدك. في دورك يمكنك بدل تحريك قطعة أن تُسقطها غير مرقّاة في أي مربع فارغ، حتى داخل منطقة الترقية. ويُمنع الإسقاط في ثلاث حالات: في مربع لن تتحرك منه القطعة أبدًا؛ بيدق في عمود فيه بيدق لك غير مرقّى؛ إسقاط بيدق يعطي كش ملك (أما غيره من القطع فيجوز أن يُميت بالإسقاط).",
      },
      { h: "الكش ونهاية المباراة" },
      {
        ul: [
          "لا تترك ملكك في مكان يمكن أخذه فيه. إذا كنت في كش فحرّك الملك أو خذ القطعة المهاجمة أو ضع قطعة بينهما.",
          "كش الملك يعني الفوز. ومن لا يملك أي نقلة قانونية يخسر أيضًا. ويمكنك الاستسلام.",
          "إذا تكرر الوضع نفسه (الرقعة واليدان وصاحب الدور) للمرة الرابعة فهو تعادل وتُعاد المباراة، إلا إذا أعطى أحد اللاعبين كشًّا في كل نقلاته خلال هذا التكرار فإنه يخسر.",
          "يمكن للطاولة أن تحدد حدًّا للنقلات، وبلوغه تعادل.",
          "يرفض الموقع النقلات غير القانونية بدل إنهاء المباراة بها.",
        ],
      },
    ],
  },
  annan: {
    en: [
      {
        p: "Annan Shogi is Shogi with one extra rule about movement. The board, the forty pieces, promotion, hands and drops, check and checkmate are all as in Shogi.",
      },
      { h: "The backing rule" },
      {
        p: "Look at the square directly behind a piece — the neighbouring square on the same file, on its owner's side. If one of your own pieces stands there, the front piece moves like that back piece. If the square is empty or holds an enemy piece, the front piece moves as usual.",
      },
      {
        diagram: "annan-backing",
        caption:
          "The rook stands behind the silver, so the silver moves like a rook (marked squares). The pawn in front of the bishop moves like a bishop.",
      },
      {
        ul: [
          "Only that one square counts: not the diagonals, and not two squares behind.",
          "The back piece lends its movement as it stands: a promoted piece lends its promoted movement, a king lends king movement. Borrowing does not chain.",
          "The rule applies to every piece, the king too: a king with its own pawn just behind it moves like a pawn.",
          "Checks and attacks use the movement each piece has at that moment.",
        ],
      },
      { h: "What still follows the piece's own type" },
      {
        ul: [
          "Promotion and the two-pawns rule for drops go by what the piece really is.",
          "A pawn or lance may stand on the last row (a knight on the last two) without promoting if its backing gives it a real move from there. A table can forbid this.",
          "A pawn drop may not give checkmate, whether the pawn gives the check itself or by backing the piece in front of it.",
        ],
      },
      { h: "End of the game" },
      {
        p: "Checkmate wins; so does leaving the opponent with no legal move; you may resign. A fourth repetition is a draw and a new game starts, unless it came from continuous check, which loses for the checking side. The table may set a move limit (a draw when reached) and may start from the traditional Annan position, with the pawns in front of the rook and bishop one row further forward.",
      },
    ],
    ar: [
      {
        p: "أنان شوغي هو الشوغي مع قاعدة واحدة إضافية في الحركة. أما الرقعة والقطع الأربعون والترقية والقطع في اليد والإسقاط والكش وكش الملك فكلها كما في الشوغي.",
      },
      { h: "قاعدة الدعم من الخلف" },
      {
        p: "انظر إلى المربع الواقع خلف القطعة مباشرة، أي المربع المجاور في العمود نفسه من جهة صاحبها. إن وقفت فيه قطعة من قطعك، تحركت القطعة الأمامية مثل القطعة الخلفية. وإن كان فارغًا أو فيه قطعة للخصم، بقيت حركتها المعتادة.",
      },
      {
        diagram: "annan-backing",
        caption:
          "الرخ خلف الفضي، فيتحرك الفضي مثل الرخ (المربعات المعلَّمة). والبيدق الذي أمام الفيل يتحرك مثل الفيل.",
      },
      {
        ul: [
          "لا يُحسب إلا ذلك المربع الواحد: لا الأقطار ولا المربع الذي يليه.",
          "تعير القطعة الخلفية حركتها كما هي: المرقّاة تعير حركتها المرقّاة، والملك يعير حركة الملك. ولا تنتقل الإعارة عبر سلسلة.",
          "تنطبق القاعدة على كل القطع حتى الملك: إذا كان خلف الملك بيدق له تحرك الملك مثل البيدق.",
          "يُحكم على الكش والتهديد بالحركة التي تملكها كل قطعة في تلك اللحظة.",
        ],
      },
      { h: "ما يبقى تابعًا لنوع القطعة الأصلي" },
      {
        ul: [
          "الترقية وقاعدة البيدقين عند الإسقاط تتبعان النوع الحقيقي للقطعة.",
          "يجوز أن يقف بيدق أو رمح في الصف الأخير (أو حصان في الصفين الأخيرين) دون ترقية إذا منحه الدعم حركة فعلية من هناك. ويمكن للطاولة منع ذلك.",
          "لا يجوز أن يعطي إسقاط بيدق كش ملك، سواء أعطى البيدق الكش بنفسه أو بدعمه للقطعة التي أمامه.",
        ],
      },
      { h: "نهاية المباراة" },
      {
        p: "كش الملك يعني الفوز، وكذلك ترك الخصم بلا نقلة قانونية، ويمكن الاستسلام. التكرار الرابع تعادل وتبدأ مباراة جديدة، إلا إذا نتج عن كش متواصل فيخسر من يواصل الكش. ويمكن للطاولة تحديد حد للنقلات (تعادل عند بلوغه)، أو البدء من وضع أنان التقليدي حيث يتقدم البيدقان اللذان أمام الرخ والفيل صفًّا إضافيًا.",
      },
    ],
  },
  hasami: {
    en: [
      {
        p: "Hasami Shogi is a short game for two (about ten minutes) played with pawns only. You capture by trapping enemy pieces between two of yours.",
      },
      { h: "Setup and moves" },
      {
        ul: [
          "Each player has nine pieces on the row nearest to them (歩 for the first player, と for the second).",
          "A piece moves like a rook: any number of empty squares along a row or column, never diagonally, never over another piece.",
          "Players take turns, one move each; passing is not allowed.",
        ],
      },
      { h: "Capturing by sandwich" },
      {
        p: "When the piece you move and another of your pieces enclose enemy pieces on a row or column with no gap, every enclosed piece is captured — one or several in a line, and in several directions at once.",
      },
      {
        diagram: "hasami-sandwich",
        caption:
          "Moving to the marked square encloses the two enemy pieces between yours: both are captured.",
      },
      {
        ul: [
          "An empty square or one of your own pieces in between prevents the capture.",
          "A piece that moves in between two enemy pieces by itself is safe: only the player who just moved captures.",
          "A corner piece cannot be enclosed from two sides. It is captured when you occupy both of its neighbours.",
        ],
      },
      {
        diagram: "hasami-corner",
        caption: "A corner piece is taken by holding its two neighbouring squares.",
      },
      { h: "Winning" },
      {
        ul: [
          "Usually the first to capture five pieces wins. A table can choose instead: a lead of three captures, or capturing all nine.",
          "A player with no legal move loses; you may resign.",
          "The same position four times ends the game as a draw, and it is replayed. A table may also set a move limit.",
          "Captured pieces never come back.",
        ],
      },
    ],
    ar: [
      {
        p: "هاسامي شوغي لعبة قصيرة لشخصين (نحو عشر دقائق) تُلعب بالبيادق وحدها. تأسر قطع الخصم بحصرها بين قطعتين لك.",
      },
      { h: "الإعداد والحركة" },
      {
        ul: [
          "لكل لاعب تسع قطع في الصف الأقرب إليه (歩 للاعب الأول، و と للثاني).",
          "تتحرك القطعة مثل الرخ: أي عدد من المربعات الفارغة في صف أو عمود، دون حركة قطرية ودون قفز فوق قطعة أخرى.",
          "يتناوب اللاعبان نقلة واحدة لكل منهما، ولا يجوز تفويت الدور.",
        ],
      },
      { h: "الأسر بالحصر" },
      {
        p: "إذا أحاطت القطعة التي حرّكتها مع قطعة أخرى لك بقطع للخصم في صف أو عمود دون فراغ بينها، أُسرت كل القطع المحصورة: واحدة أو عدة قطع متجاورة، وفي أكثر من اتجاه في النقلة نفسها.",
      },
      {
        diagram: "hasami-sandwich",
        caption: "الانتقال إلى المربع المعلَّم يحصر قطعتي الخصم بين قطعتيك، فتؤسران معًا.",
      },
      {
        ul: [
          "وجود مربع فارغ أو قطعة لك بينها يمنع الأسر.",
          "القطعة التي تدخل بنفسها بين قطعتين للخصم لا تؤسر: لا يأسر إلا من تحرّك للتو.",
          "لا يمكن حصر قطعة الزاوية من جهتين متقابلتين، بل تؤسر حين تحتل المربعين المجاورين لها.",
        ],
      },
      { diagram: "hasami-corner", caption: "تؤسر قطعة الزاوية باحتلال المربعين المجاورين لها." },
      { h: "الفوز" },
      {
        ul: [
          "عادةً يفوز أول من يأسر خمس قطع. ويمكن للطاولة أن تختار بدلًا من ذلك: فارق ثلاث قطع مأسورة، أو أسر القطع التسع كلها.",
          "من لا يملك نقلة قانونية يخسر، ويمكنك الاستسلام.",
          "تكرار الوضع نفسه أربع مرات ينهي المباراة بالتعادل وتُعاد. ويمكن للطاولة تحديد حد للنقلات.",
          "القطع المأسورة لا تعود أبدًا.",
        ],
      },
    ],
  },
  musashi: {
    en: [
      {
        p: "Juroku Musashi is a hunting game for two. One player has the single father (親), the other sixteen children (子). The father captures children; the children try to shut him in. A game takes about fifteen minutes.",
      },
      { h: "The board" },
      {
        p: "Pieces stand on the points where lines meet and move along the lines. The board is a 5×5 square of points with diagonals, plus a small triangle on one side called the sechin — 33 points in all. A table may play on the square alone (25 points).",
      },
      {
        diagram: "musashi-start",
        caption:
          "The start: the father in the centre, the sixteen children around the edge of the square. The sechin (right) starts empty.",
      },
      { h: "Moves" },
      {
        ul: [
          "The father moves first (a table may let the children start).",
          "On your turn move one of your pieces one step along a line to an empty neighbouring point. No jumping, no passing. Children may enter the sechin.",
          "The children may never bring back a position that has already occurred.",
        ],
      },
      { h: "Capture" },
      {
        p: "When the father arrives on a point that has a child on each side along one straight line through it, both children are captured. Every such pair around that point is taken in the same move. Children who step next to the father are never captured for it; only the father's move captures.",
      },
      {
        diagram: "musashi-capture",
        caption:
          "The father steps between two children standing on one straight line: both are captured.",
      },
      { h: "Winning" },
      {
        ul: [
          "The children win as soon as the father has no move left.",
          "The father wins when only six children or fewer remain (ten captured). For practice a table can lower this to six captures.",
          "The father also wins if the children have no legal move, or have not trapped him within 100 of their moves (the table may change this number).",
          "Either side may resign; there is no draw.",
        ],
      },
    ],
    ar: [
      {
        p: "جوروكو موساشي لعبة مطاردة لشخصين: أحدهما يلعب بالأب (親) وحده، والآخر بستة عشر طفلًا (子). الأب يأسر الأطفال، والأطفال يحاولون محاصرته. تدوم المباراة نحو خمس عشرة دقيقة.",
      },
      { h: "الرقعة" },
      {
        p: "تقف القطع على النقاط حيث تلتقي الخطوط، وتتحرك على الخطوط. الرقعة مربع من 5×5 نقاط مع أقطاره، يضاف إليه مثلث صغير في أحد الجوانب اسمه «سيتشين»، فيكون المجموع 33 نقطة. ويمكن للطاولة أن تلعب على المربع وحده (25 نقطة).",
      },
      {
        diagram: "musashi-start",
        caption:
          "البداية: الأب في الوسط والأطفال الستة عشر على حافة المربع. والسيتشين (إلى اليمين) فارغ في البداية.",
      },
      { h: "الحركة" },
      {
        ul: [
          "يبدأ الأب (ويمكن للطاولة أن تجعل الأطفال يبدؤون).",
          "في دورك حرّك قطعة واحدة خطوة على خط إلى نقطة مجاورة فارغة. لا قفز ولا تفويت للدور. ويجوز للأطفال دخول السيتشين.",
          "لا يجوز للأطفال إعادة وضع حدث من قبل.",
        ],
      },
      { h: "الأسر" },
      {
        p: "إذا وصل الأب إلى نقطة على جانبيها طفلان في خط مستقيم واحد يمر بها، أُسر الطفلان. وتؤسر كل الأزواج المماثلة حول تلك النقطة في النقلة نفسها. أما الطفل الذي يقترب من الأب بنفسه فلا يؤسر بذلك؛ لا يأسر إلا تحرك الأب.",
      },
      {
        diagram: "musashi-capture",
        caption: "يدخل الأب بين طفلين على خط مستقيم واحد، فيؤسر الاثنان.",
      },
      { h: "الفوز" },
      {
        ul: [
          "يفوز الأطفال فور ألّا تبقى للأب أي حركة.",
          "يفوز الأب حين لا يبقى إلا ستة أطفال أو أقل (أسر عشرة). وللتدريب يمكن للطاولة خفض الهدف إلى أسر ستة.",
          "ويفوز الأب أيضًا إذا لم تبقَ للأطفال حركة قانونية، أو لم يحاصروه خلال 100 حركة لهم (ويمكن للطاولة تغيير هذا العدد).",
          "يجوز لأي طرف الاستسلام، ولا تعادل في هذه اللعبة.",
        ],
      },
    ],
  },
  yonin: {
    en: [
      {
        p: "Yonin Shogi is shogi for four players around one 9×9 board, playing clockwise; a game takes about twenty-five minutes. It was invented in 1993 in Hirata, Shimane (now part of Izumo). A checkmate knocks a player out and hands their pieces to the player who mated them.",
      },
      { h: "Setup" },
      {
        p: "One player sits at each side. Each has nine pieces: silver, gold, king, gold, silver on the nearest row, pawn, rook, pawn in front of them, and one pawn in front of the rook. Only five kinds are used — king, rook, gold, silver, pawn — with their shogi moves, always relative to the way the piece faces.",
      },
      {
        diagram: "yonin-start",
        caption: "The start. Colours mark the owners; every piece points the way it advances.",
      },
      { h: "A turn" },
      {
        ul: [
          "Move a piece, or drop one from your hand (facing your way).",
          "A captured piece goes to your hand unpromoted and can be dropped from your next turn.",
          "Rook, silver and pawn may promote in the three rows furthest in the direction they face.",
          "Forbidden: two unpromoted pawns of yours facing your way on one line; a pawn drop that mates; a pawn that could never move; a pawn dropped right in front of a flipped king; leaving your king in check.",
        ],
      },
      { h: "Check comes first" },
      {
        p: "Kings are never captured. A player put in check answers at once, even out of turn, and play continues clockwise from them; skipped turns are not given back. If several players are in check, the nearest one clockwise from the player who just moved answers first.",
      },
      { h: "Being knocked out" },
      {
        ul: [
          "A player whose turn comes with no legal move is checkmated. Their king stays on the board, flipped: an obstacle nobody can move or capture.",
          "The mate belongs to the player who gave the check. The mated player's pieces on the board and in hand go to that player; board pieces keep their facing (a table can make them ownerless instead).",
          "There is no resignation: a player who leaves is played by the CPU.",
        ],
      },
      { h: "End and places" },
      {
        p: "The game ends when two players are out (a table can go on to the last player). The survivors are ranked by how many players they mated, then by their total pieces, then by whose last mate came later. Of the players out, the one who went out later is third. In pairs, opposite seats are a team, and the first mate decides the game.",
      },
    ],
    ar: [
      {
        p: "شوغي لأربعة (يونين شوغي) يلعبه أربعة لاعبين حول رقعة 9×9 واحدة، والأدوار مع عقارب الساعة، وتدوم المباراة نحو خمس وعشرين دقيقة. ابتُكرت عام 1993 في هيراتا بمحافظة شيمانه (وهي اليوم جزء من إيزومو). كش الملك يُخرج اللاعب من اللعبة ويمنح قطعه لمن أماته.",
      },
      { h: "الإعداد" },
      {
        p: "يجلس لاعب عند كل جانب، ولكل منهم تسع قطع: فضي وذهبي وملك وذهبي وفضي في الصف الأقرب، وأمامها بيدق ورخ وبيدق، وبيدق آخر أمام الرخ. لا تُستعمل إلا خمسة أنواع: الملك والرخ والذهبي والفضي والبيدق، بحركاتها في الشوغي، وتُحسب دائمًا بحسب الاتجاه الذي تواجهه القطعة.",
      },
      {
        diagram: "yonin-start",
        caption: "البداية. الألوان تبيّن أصحاب القطع، وكل قطعة تشير إلى الاتجاه الذي تتقدم فيه.",
      },
      { h: "الدور" },
      {
        ul: [
          "حرّك قطعة، أو أسقط قطعة من يدك (باتجاهك).",
          "القطعة المأسورة تدخل يدك دون ترقية، ويمكنك إسقاطها ابتداءً من دورك التالي.",
          "يمكن ترقية الرخ والفضي والبيدق في الصفوف الثلاثة الأبعد في الاتجاه الذي تواجهه.",
          "يُمنع: بيدقان لك غير مرقّيين باتجاهك على خط واحد؛ إسقاط بيدق يُميت؛ بيدق لن يتحرك أبدًا؛ إسقاط بيدق أمام ملك مقلوب مباشرة؛ ترك ملكك في كش.",
        ],
      },
      { h: "الكش أولًا" },
      {
        p: "لا تؤسر الملوك. اللاعب الذي يتلقى كشًّا يرد فورًا ولو لم يكن دوره، ثم يستمر اللعب مع عقارب الساعة بدءًا منه، ولا تُعاد الأدوار التي تُجووزت. وإذا كان عدة لاعبين في كش، ردّ أولًا الأقرب مع عقارب الساعة ممن لعب للتو.",
      },
      { h: "الخروج من اللعبة" },
      {
        ul: [
          "اللاعب الذي يأتي دوره ولا نقلة قانونية له قد أُميت. يبقى ملكه على الرقعة مقلوبًا: عائقًا لا يحركه أحد ولا يأسره.",
          "تُنسب الإماتة إلى من أعطى الكش، فتنتقل إليه قطع الخارج على الرقعة وفي اليد، وتحتفظ قطع الرقعة باتجاهها (ويمكن للطاولة أن تجعلها بلا صاحب).",
          "لا استسلام في هذه اللعبة: اللاعب الذي يغادر يلعب عنه الحاسوب.",
        ],
      },
      { h: "النهاية والمراكز" },
      {
        p: "تنتهي المباراة بخروج لاعبين (ويمكن للطاولة أن تستمر حتى آخر لاعب). يُرتَّب الباقون بعدد من أماتوهم، ثم بمجموع قطعهم، ثم بمن جاءت إماتته الأخيرة لاحقًا. ومن الخارجين يكون الثالث من خرج لاحقًا. وفي نظام الأزواج يكون المقعدان المتقابلان فريقًا، وتحسم أول إماتة المباراة.",
      },
    ],
  },
};
