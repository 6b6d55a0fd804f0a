// A small built-in map of the emoji people use most in work chat. Unknown names show as `:name:`, as Slack does for
// custom emoji it cannot load; no image is fetched, so nothing reaches the network.
const EMOJI: Record<string, string> = {
  '+1': '👍', thumbsup: '👍', '-1': '👎', thumbsdown: '👎', tada: '🎉', smile: '😄', smiley: '😃', grinning: '😀',
  joy: '😂', laughing: '😆', sweat_smile: '😅', slightly_smiling_face: '🙂', wink: '😉', blush: '😊', heart: '❤️',
  heart_eyes: '😍', thinking_face: '🤔', thinking: '🤔', eyes: '👀', fire: '🔥', rocket: '🚀', pray: '🙏', clap: '👏',
  raised_hands: '🙌', wave: '👋', ok_hand: '👌', muscle: '💪', white_check_mark: '✅', heavy_check_mark: '✔️',
  x: '❌', warning: '⚠️', exclamation: '❗', question: '❓', bulb: '💡', memo: '📝', calendar: '📅', date: '📅',
  coffee: '☕', cake: '🍰', birthday: '🎂', beers: '🍻', beer: '🍺', party_popper: '🎉', star: '⭐', sparkles: '✨',
  100: '💯', point_up: '☝️', point_right: '👉', see_no_evil: '🙈', sob: '😭', cry: '😢', disappointed: '😞',
  confused: '😕', upside_down_face: '🙃', sunglasses: '😎', rage: '😡', scream: '😱', zap: '⚡', bug: '🐛',
  hammer_and_wrench: '🛠️', wrench: '🔧', chart_with_upwards_trend: '📈', chart_with_downwards_trend: '📉',
  bar_chart: '📊', lock: '🔒', key: '🔑', link: '🔗', paperclip: '📎', email: '📧', mailbox: '📫', phone: '📞',
  computer: '💻', calendar_spiral: '🗓️', hourglass: '⌛', stopwatch: '⏱️', alarm_clock: '⏰', sun: '☀️', sunny: '☀️',
  cloud: '☁️', rain_cloud: '🌧️', umbrella: '☔', snowflake: '❄️', droplet: '💧', ghost: '👻', robot_face: '🤖',
  slightly_frowning_face: '🙁', grimacing: '😬', handshake: '🤝', raising_hand: '🙋', nerd_face: '🤓', books: '📚',
  mag: '🔍', pushpin: '📌', round_pushpin: '📍', airplane: '✈️', house: '🏠', heavy_plus_sign: '➕', arrow_right: '➡️',
  arrow_up: '⬆️', arrow_down: '⬇️', red_circle: '🔴', large_green_circle: '🟢', large_yellow_circle: '🟡',
  green_heart: '💚', blue_heart: '💙', purple_heart: '💜', broken_heart: '💔', no_entry: '⛔', stop_sign: '🛑',
  checkered_flag: '🏁', trophy: '🏆', medal: '🏅', gift: '🎁', balloon: '🎈', pizza: '🍕', seedling: '🌱',
  relieved: '😌', hugging_face: '🤗', sweat: '😓', facepalm: '🤦', shrug: '🤷', clipboard: '📋', package: '📦',
  inbox_tray: '📥', outbox_tray: '📤', satellite_antenna: '📡', thermometer: '🌡️', factory: '🏭', bus: '🚌',
};

/** The character for an emoji name, skin-tone suffixes ignored; undefined for names not in the map. */
export function emojiChar(name: string): string | undefined {
  return EMOJI[name.replace(/::skin-tone-\d$/, '')];
}
