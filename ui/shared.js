// Values the Rust side owns. A Rust test (session/tests/shared_constants.rs) parses the JSON
// between the markers and checks every value against the Rust constants: change them together.
export const SHARED = Object.freeze(JSON.parse(String.raw`/*json*/{
  "nameMaxChars": 20,
  "minBoardSize": 5,
  "maxBoardSize": 22,
  "engineNameMax": 40,
  "analysisLines": { "min": 1, "max": 5 },
  "defaultNames": { "black": "Black", "white": "White", "human": "Player" },
  "defaultPreferences": {
    "names": { "black": "Black", "white": "White" },
    "humanName": "Player",
    "level": "medium",
    "rule": "freestyle",
    "mode": "humanVsAi",
    "humanColor": "black",
    "size": 15,
    "centreFirst": false,
    "sound": true,
    "language": "auto",
    "theme": "auto",
    "showNumbers": false,
    "analysisLines": 3,
    "opening": "none",
    "searchThreads": 0,
    "timeControl": { "kind": "none" },
    "flagWarns": false
  },
  "errorKinds": [
    "aiThinking", "badDeclaration", "badPosition", "badRecord", "badSettings", "fiveOnBoard",
    "forbidden", "forbiddenStone", "gameOver", "inOpening", "io", "noVariation", "notAnOpening",
    "notCentre", "notInSquare", "notNow", "notOffered", "notYourTurn", "nothingToRedo",
    "nothingToUndo", "occupied", "offerCount", "outOfBoard", "puzzle", "stoneCounts",
    "symmetricOffers"
  ]
}/*end*/`.slice(8, -7), (_, value) => Object.freeze(value)));
