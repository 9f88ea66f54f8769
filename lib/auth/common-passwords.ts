// Passwords and password stems that lead every leaked-password list. A new
// password is refused when, lower-cased and stripped of the digits and
// symbols around it, it is one of these ("Password123!" is "password").
export const COMMON_PASSWORD_STEMS = new Set([
  "password", "passw0rd", "p@ssword", "p@ssw0rd", "pass", "passwort", "contrasena", "contrasenya", "motdepasse",
  "qwerty", "qwertyuiop", "qwertz", "azerty", "asdf", "asdfgh", "asdfghjkl", "zxcvbn", "zxcvbnm", "qazwsx",
  "abc", "abcd", "abcdef", "abcdefg", "abcdefgh", "abcdefghijkl", "letmein", "welcome", "welcome!", "bienvenido",
  "benvingut", "admin", "administrator", "administrador", "root", "user", "usuario", "login", "changeme", "default",
  "secret", "secreto", "master", "monkey", "dragon", "football", "futbol", "baseball", "soccer", "hockey",
  "basketball", "superman", "batman", "spiderman", "starwars", "pokemon", "princess", "sunshine", "shadow",
  "iloveyou", "teamo", "tequiero", "trustno", "whatever", "freedom", "flower", "summer", "winter", "spring",
  "autumn", "verano", "invierno", "hello", "hola", "holahola", "charlie", "michael", "jennifer", "jordan",
  "thomas", "daniel", "andrew", "joshua", "jessica", "ashley", "hunter", "ranger", "buster", "tigger",
  "cookie", "pepper", "ginger", "killer", "hannah", "maggie", "computer", "internet", "samsung", "apple",
  "google", "microsoft", "mustang", "harley", "corvette", "ferrari", "mercedes", "barcelona", "madrid",
  "realmadrid", "barca", "espana", "catalunya", "valencia", "sevilla", "london", "paris", "america",
  "chocolate", "banana", "orange", "purple", "diamond", "gold", "silver", "rolex", "omega", "joyeria",
  "joieria", "relojeria", "rellotgeria", "reloj", "rellotge", "watch", "jewelry", "jewellery", "repair",
  "reparacion", "reparacio", "shop", "tienda", "botiga", "company", "business", "office", "test", "testing",
  "demo", "guest", "access", "passpass", "mypassword", "newpassword", "oldpassword", "temp", "temporal",
]);

/** The stem of a password: lower-cased, without the digits and symbols before and after it. */
export function passwordStem(password: string): string {
  return password.toLowerCase().replace(/^[^\p{L}]+|[^\p{L}]+$/gu, "");
}

export const isCommonPassword = (password: string) =>
  COMMON_PASSWORD_STEMS.has(password.toLowerCase()) || COMMON_PASSWORD_STEMS.has(passwordStem(password));
