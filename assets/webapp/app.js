// The live board (a Telegram Mini App). Reads initData from the launch URL (nothing is
// loaded from outside), follows the game over Server-Sent Events read with fetch (so the
// request carries initData in its Authorization header), draws each frame (the PNG's board
// as SVG), animates the piece that moved, and sends the player's taps.
//
// The whole game is played here: the lobby (seats, Join / Leave, the host's Start, add a
// computer, Cancel, and the host's board and rules), the game, and after it the finishing
// order, New game, Rematch and the replay (played from the stored record: play/pause, a
// progress bar, a step either way), and the group's earlier games, replayed the same way.
// The buttons before and after the game are the chat's own, as each frame carries them
// (their callback data is sent back and played as the chat's press); the page only picks
// those that concern the viewer. Telegram's main button takes the viewer's one obvious
// action (Join, Start, Roll, Rematch) when the page runs inside Telegram.
//
// Below the game, the group's season when it has one (its own request, api/season, once
// the viewer is let in): the week and when it ends, the viewer's next table, the standings
// with the viewer's line marked; read again when a game ends.
//
// Every frame is a whole state: a page that loses its connection connects again and starts
// from the stored game the server sends first. window.__parxis exposes the state to tests.
'use strict';
(() => {
  const base = document.body.dataset.base || '';
  const $ = (id) => document.getElementById(id);
  const SVGNS = 'http://www.w3.org/2000/svg';
  const P = (window.__parxis = {
    state: null, you: null, texts: {}, seen: [], frames: 0, animated: 0,
    taps: [], failed: null, connected: false, reconnects: 0, waiters: [],
    // Failed attempts since the last good connection (the back-off), and a server's `bye`.
    attempts: 0, bye: null, byes: 0, retrying: null, haptics: [], dark: false,
  });

  const hash = new URLSearchParams(location.hash.slice(1));
  const webApp = window.Telegram && window.Telegram.WebApp;
  const initData = hash.get('tgWebAppData') || (webApp && webApp.initData) || '';
  theme(hash.get('tgWebAppThemeParams'));
  post('web_app_ready');
  post('web_app_expand');

  // Telegram's client events, without its script: the mobile, desktop and web bridges.
  function post(eventType, eventData) {
    try {
      const data = JSON.stringify(eventData || {});
      if (window.TelegramWebviewProxy) window.TelegramWebviewProxy.postEvent(eventType, data);
      else if (window.external && window.external.notify) window.external.notify(JSON.stringify({ eventType, eventData }));
      else if (window.parent !== window) window.parent.postMessage(JSON.stringify({ eventType, eventData: eventData || {} }), '*');
    } catch (e) { /* not in Telegram */ }
  }
  // Telegram's script, where the client loaded it, else the bridge's event (the same).
  function haptic(kind) {
    const h = webApp && webApp.HapticFeedback;
    P.haptics.push(kind);
    try {
      if (h && kind === 'error') { h.notificationOccurred('error'); return; }
      if (h) { h.impactOccurred('light'); return; }
    } catch (e) { /* an old client: the bridge below */ }
    if (kind === 'error') post('web_app_trigger_haptic_feedback', { type: 'notification', notification_type: 'error' });
    else post('web_app_trigger_haptic_feedback', { type: 'impact', impact_style: 'light' });
  }
  function theme(raw) {
    let t = null;
    try { t = raw ? JSON.parse(raw) : null; } catch (e) { t = null; }
    if (!t && webApp) t = webApp.themeParams;
    if (t) {
      const vars = { bg_color: '--bg', secondary_bg_color: '--bg2', text_color: '--text', hint_color: '--hint',
        button_color: '--button', button_text_color: '--button-text', link_color: '--link' };
      for (const k in vars) {
        if (typeof t[k] === 'string' && /^#[0-9a-fA-F]{3,8}$/.test(t[k])) document.documentElement.style.setProperty(vars[k], t[k]);
      }
    }
    darkBoard(t && t.bg_color);
  }
  // The board turns dark with the page: Telegram's background when it gave one, else the
  // system's scheme (the board's dark colours are in its SVG, under a root of class dark).
  function darkBoard(bg) {
    let dark = false;
    const m = typeof bg === 'string' && /^#([0-9a-f]{6})$/i.exec(bg);
    if (m) {
      const n = parseInt(m[1], 16);
      dark = 0.299 * (n >> 16) + 0.587 * ((n >> 8) & 255) + 0.114 * (n & 255) < 128;
    } else if (window.matchMedia) {
      dark = window.matchMedia('(prefers-color-scheme: dark)').matches;
    }
    P.dark = dark;
    document.documentElement.classList.toggle('dark', dark);
  }
  if (webApp && webApp.onEvent) webApp.onEvent('themeChanged', () => theme(null));

  function notify() {
    P.waiters = P.waiters.filter((w) => {
      let ok = false;
      try { ok = w.pred(P); } catch (e) { ok = false; }
      if (ok) w.resolve(true);
      return !ok;
    });
  }
  // Resolves once pred(__parxis) holds (checked after every frame, tap and failure).
  P.until = (pred, limitMs) => new Promise((resolve) => {
    const w = { pred, resolve };
    P.waiters.push(w);
    notify();
    setTimeout(() => { P.waiters = P.waiters.filter((x) => x !== w); resolve(false); }, limitMs || 10000);
  });

  function fail(message, status) {
    P.failed = { status: status || 0, error: message || '' };
    document.body.classList.add('failed');
    $('turn').textContent = message || '';
    $('actions').textContent = '';
    $('status').textContent = '';
    $('seats').textContent = '';
    $('board').textContent = '';
    // Let in, but no game here (any more): the group's season may still be.
    if (status === 404) seasonOnce();
    notify();
  }
  function setConn(key) { $('conn').textContent = key ? (P.texts[key] || '…') : ''; }

  async function connect() {
    if (!initData) { fail(P.texts.open_from_chat || 'Open the live board from its button in the group.', 401); return; }
    setConn(P.reconnects ? 'reconnecting' : 'connecting');
    let res;
    try {
      res = await fetch(base + '/api/live', { headers: { Authorization: 'tma ' + initData }, cache: 'no-store' });
    } catch (e) { retry(); return; }
    if (!res.ok) {
      let d = {};
      try { d = await res.json(); } catch (e) { d = {}; }
      // Full, or the game cannot be read now (503): try again, never a dead "no game".
      if (res.status === 429 || res.status >= 500) { retry(d.retry_ms, d.error); return; }
      fail(d.error || '', res.status);
      return;
    }
    const reader = res.body.getReader();
    const dec = new TextDecoder();
    let buf = '';
    P.connected = true;
    P.bye = null;
    setConn('');
    try {
      for (;;) {
        const { value, done } = await reader.read();
        if (done) break;
        buf += dec.decode(value, { stream: true }).replace(/\r\n/g, '\n');
        let i;
        while ((i = buf.indexOf('\n\n')) >= 0) {
          const block = buf.slice(0, i);
          buf = buf.slice(i + 2);
          dispatch(block);
        }
      }
    } catch (e) { /* connection lost */ }
    P.connected = false;
    if (P.bye) {
      // The server ended the stream (its life is over, or it stops): connect again at the
      // time it said, with the same initData; not a failure.
      P.byes += 1;
      const wait = P.bye.retry_ms || 0;
      P.bye = null;
      P.reconnects += 1;
      setConn('reconnecting');
      notify();
      setTimeout(connect, wait);
      return;
    }
    retry();
  }
  // Back-off: 0.5 s doubling to 15 s with jitter, or what the server asked; reset by a good
  // connection (see `state` in dispatch).
  function retry(serverMs, message) {
    P.reconnects += 1;
    P.attempts += 1;
    const backoff = Math.min(15000, 500 * Math.pow(2, Math.min(P.attempts - 1, 5)));
    const wait = Math.max(serverMs || 0, backoff * (0.5 + Math.random() / 2));
    P.retrying = { wait: Math.round(wait), message: message || '' };
    $('conn').textContent = message || P.texts.reconnecting || P.texts.unavailable || '…';
    notify();
    setTimeout(connect, wait);
  }

  function dispatch(block) {
    let event = 'message';
    const data = [];
    for (const line of block.split('\n')) {
      if (line.startsWith(':')) continue;
      const colon = line.indexOf(':');
      const field = colon < 0 ? line : line.slice(0, colon);
      const value = colon < 0 ? '' : line.slice(colon + 1).replace(/^ /, '');
      if (field === 'event') event = value;
      else if (field === 'data') data.push(value);
    }
    if (!data.length) return;
    let d;
    try { d = JSON.parse(data.join('\n')); } catch (e) { return; }
    if (event === 'hello') {
      P.texts = d.texts || {};
      P.user = d.user;
      document.title = P.texts.title || document.title;
      document.documentElement.lang = d.lang || '';
      seasonOnce();
    } else if (event === 'bye') {
      P.bye = d;
    } else if (event === 'state') {
      // A whole state arrived: the connection is good, the back-off starts over.
      P.attempts = 0;
      P.retrying = null;
      P.chain = (P.chain || Promise.resolve()).then(() => render(d));
    } else if (event === 'you') {
      P.you = d;
      $('who').textContent = d.text || '';
      P.chain = (P.chain || Promise.resolve()).then(() => { controls(); notify(); });
    }
  }

  let shownArms = 0;
  async function ensureBoard(arms) {
    if (arms === shownArms && $('scene')) return;
    const res = await fetch(base + '/board/' + arms, { cache: 'force-cache' });
    $('board').innerHTML = await res.text();
    const svg = $('board').querySelector('svg');
    for (const id of ['scene', 'taps']) {
      const g = document.createElementNS(SVGNS, 'g');
      g.id = id;
      svg.appendChild(g);
    }
    svg.addEventListener('click', onBoard);
    shownArms = arms;
  }

  // A tap on the board plays the move whose piece or landing square is nearest, within
  // its target (at least 44 CSS px across): close targets never hide each other.
  function onBoard(e) {
    const f = P.state;
    if (!mine() || f.phase !== 'move') return;
    const svg = e.currentTarget;
    const ctm = svg.getScreenCTM();
    if (!ctm) return;
    const pt = svg.createSVGPoint();
    pt.x = e.clientX;
    pt.y = e.clientY;
    const at = pt.matrixTransform(ctm.inverse());
    let best = null;
    let bestD = Infinity;
    for (const m of f.moves) {
      for (const p of [m.start, m.at]) {
        if (!p) continue;
        const d = Math.hypot(p[0] - at.x, p[1] - at.y);
        if (d < bestD) { bestD = d; best = m; }
      }
    }
    if (best && bestD <= targetRadius(f) * 1.5) tap({ do: 'move', index: best.index, from: best.from, to: best.to });
  }

  // At least 23 CSS px of radius (46 px targets), in the board's own pixels.
  function targetRadius(f) {
    const svg = $('board').querySelector('svg');
    const width = svg ? svg.getBoundingClientRect().width : 0;
    return width > 0 ? Math.max(23 * f.size / width, 18) : 40;
  }

  async function render(f) {
    const prev = P.state;
    P.state = f;
    // A game that ends may change the season's standings.
    if (prev && prev.stage !== f.stage && f.stage === 'finished') loadSeason();
    P.frames += 1;
    P.seen.push(f.v);
    toastAfter(f);
    const st = $('status');
    st.textContent = '';
    for (const line of f.status || []) {
      const li = document.createElement('li');
      li.textContent = line;
      st.appendChild(li);
    }
    seatsList(f);
    // No board before the game (no empty square): the seats take the page. A replay keeps
    // the board it shows (maybe of another size) until it is closed.
    if (!P.replay) await showBoard(f, prev);
    controls();
    notify();
  }

  async function showBoard(f, prev) {
    $('board').style.display = f.arms ? '' : 'none';
    if (!f.arms) {
      $('board').textContent = '';
      shownArms = 0;
      return;
    }
    try { await ensureBoard(f.arms); } catch (e) { /* shown on the next frame */ }
    const scene = $('scene');
    if (scene) {
      scene.innerHTML = f.scene || '';
      if (f.anim && (!prev || prev.seq !== f.seq)) animate(f.anim);
    }
  }

  // Who plays, during the game: each seat's colour (its dot and name) and player, the one
  // to act first in bold.
  function seatsList(f) {
    const ul = $('seats');
    ul.textContent = '';
    if (f.stage !== 'playing') return;
    for (const s of f.seats || []) {
      const li = document.createElement('li');
      if (s.c && s.c === f.turn) li.className = 'now';
      const dot = document.createElement('span');
      dot.className = 'dot ' + (s.c || '');
      const name = document.createElement('span');
      name.textContent = s.name + (s.computer ? ' 🤖' : '');
      const colour = document.createElement('span');
      colour.className = 'hint';
      colour.textContent = s.colour || '';
      li.append(dot, name, colour);
      ul.appendChild(li);
    }
  }

  // A section of the page after the actions, made once (the page's HTML holds the game's),
  // in this order whichever is made first.
  const SECTIONS = ['toast', 'choices', 'results', 'replay', 'earlier'];
  function section(id, tag) {
    let el = $(id);
    if (!el) {
      el = document.createElement(tag || 'div');
      el.id = id;
      let after = $('actions');
      for (const k of SECTIONS.slice(0, Math.max(0, SECTIONS.indexOf(id)))) if ($(k)) after = $(k);
      after.parentNode.insertBefore(el, after.nextSibling);
    }
    return el;
  }
  function list(el, lines, cls) {
    el.textContent = '';
    for (const line of lines) {
      const li = document.createElement('li');
      if (typeof line === 'string') li.textContent = line;
      else {
        li.textContent = line.text;
        if (line.c) li.dataset.c = line.c;
      }
      if (cls) li.className = cls;
      el.appendChild(li);
    }
  }

  // The seats before the game: name and colour (a computer marked), then how many are free.
  // (The same list as the game's seats, which `seatsList` fills during the game.)
  function lobbyView(f) {
    if (f.stage !== 'lobby') return;
    const seats = $('seats');
    const lines = f.seats.map((s) => ({ text: (s.colour ? s.colour + ' · ' : '') + s.name + (s.computer ? ' 🤖' : ''), c: s.c }));
    list(seats, lines);
    if (f.free) {
      const li = document.createElement('li');
      li.className = 'free';
      li.textContent = f.free;
      seats.appendChild(li);
    }
  }

  // The host's settings in the lobby: the chat lobby's 🔲 Board and 📜 Rules, every value
  // at once. Each value is the chat button's callback data, played back as the chat's press
  // (so anyone else is refused as the chat refuses them); shown to the host only.
  // (Kept as elements across states as the actions are: see `controls`.)
  function choicesView(f) {
    const box = section('choices');
    const show = f.stage === 'lobby' && P.user === f.host && (f.choices || []).length > 0;
    box.hidden = !show;
    const items = [];
    for (const c of show ? f.choices : []) {
      items.push({ key: 'label ' + c.kind, head: c.label });
      items.push({ key: 'row ' + c.kind, c });
    }
    sync(box, items, (it) => document.createElement(it.head != null ? 'p' : 'div'), (el, it) => {
      if (it.head != null) {
        el.className = 'choice-label';
        if (el.textContent !== it.head) el.textContent = it.head;
        return;
      }
      el.className = 'choice ' + it.c.kind;
      sync(el, it.c.options.map((o) => ({ key: 'option', o })), () => {
        const b = document.createElement('button');
        b.type = 'button';
        b.addEventListener('click', () => { if (b.option && !b.option.on) tap({ do: 'button', data: b.option.data }); });
        return b;
      }, (b, { o }) => {
        if (b.textContent !== o.label) b.textContent = o.label;
        b.dataset.data = o.data;
        b.option = o;
        b.setAttribute('aria-pressed', o.on ? 'true' : 'false');
        b.disabled = !o.ok;
      });
    });
  }

  // The group's earlier games (kept replays), listed on demand before and after a game;
  // each one replays in the page as the last game does.
  function earlierView(f) {
    const box = section('earlier');
    const show = f.stage !== 'playing' && !P.replay;
    box.hidden = !show;
    if (!show || box.dataset.ready) return;
    box.dataset.ready = '1';
    const open = document.createElement('button');
    open.type = 'button';
    open.id = 'earlier-open';
    open.textContent = P.texts.earlier_games || '🎞';
    open.addEventListener('click', listEarlier);
    const ul = document.createElement('ul');
    ul.id = 'earlier-list';
    box.append(open, ul);
  }
  async function listEarlier() {
    let d = {};
    let ok = false;
    try {
      const res = await fetch(base + '/api/replays', { headers: { Authorization: 'tma ' + initData }, cache: 'no-store' });
      ok = res.ok;
      d = await res.json();
    } catch (e) { d = {}; }
    const ul = $('earlier-list');
    ul.textContent = '';
    if (!ok) { toast(d.error || '…'); notify(); return; }
    P.earlier = d.games || [];
    if (!P.earlier.length) {
      const li = document.createElement('li');
      li.className = 'none';
      li.textContent = P.texts.none_kept || '—';
      ul.appendChild(li);
    }
    const lang = document.documentElement.lang || undefined;
    for (const g of P.earlier) {
      const li = document.createElement('li');
      const b = document.createElement('button');
      b.type = 'button';
      b.dataset.game = g.id;
      let when = '';
      try { when = new Date(g.t1).toLocaleString(lang, { dateStyle: 'short', timeStyle: 'short' }); } catch (e) { when = ''; }
      const top = document.createElement('span');
      top.className = 'when';
      top.textContent = when + ' · ' + g.rules + (g.winners.length ? ' · 🏆 ' + g.winners.join(' & ') : '');
      const who = document.createElement('span');
      who.className = 'who';
      who.textContent = g.names.join(', ');
      b.append(top, who);
      b.addEventListener('click', () => openReplay(g.id));
      li.appendChild(b);
      ul.appendChild(li);
    }
    // The list opens below the fold on a phone: brought into view.
    if (ul.scrollIntoView) ul.scrollIntoView({ block: 'nearest' });
    notify();
  }
  P.listEarlier = listEarlier;

  // After the game: the finishing order (with points once recorded) and the achievements.
  function overView(f) {
    const res = section('results', 'ul');
    if (f.stage !== 'finished') { res.hidden = true; return; }
    res.hidden = false;
    list(res, (f.results || []).concat(f.achievements ? [f.achievements] : []));
  }

  // The chat's buttons the viewer has a use for: Join for someone not seated while a seat
  // is free, Leave for a player, the host's Start, computer and Cancel; New game and
  // Rematch for everyone after the game. The server refuses the rest as the chat does.
  function offered(f) {
    const you = P.you || {};
    const host = P.user === f.host;
    return (f.buttons || []).filter((b) => {
      if (b.kind === 'join') return !you.seated && f.seats.length < f.capacity;
      if (b.kind === 'leave') return !!you.seated;
      if (b.kind === 'start' || b.kind === 'bot' || b.kind === 'cancel') return host;
      return true;
    });
  }

  // The viewer's one obvious action, for Telegram's main button.
  function obvious(f) {
    if (!f) return null;
    const by = (k) => offered(f).find((b) => b.kind === k);
    if (f.stage === 'lobby') {
      const b = by('join') || (f.seats.length >= 2 && by('start'));
      return b ? { text: b.label, kind: b.kind, body: { do: 'button', data: b.data } } : null;
    }
    if (f.stage === 'playing') return mine() && f.roll ? { text: f.roll_label, kind: 'roll', body: { do: 'roll' } } : null;
    const b = by('rematch');
    return b ? { text: b.label, kind: 'rematch', body: { do: 'button', data: b.data } } : null;
  }

  // Telegram's main button: its script's MainButton when present, else the client's own
  // events (the bridge the page already posts to); nothing outside Telegram.
  function mainButton(m) {
    const key = m ? m.kind + ':' + m.text : '';
    P.main = m;
    if (key === P.mainKey) return;
    P.mainKey = key;
    if (webApp && webApp.MainButton) {
      if (m) webApp.MainButton.setParams({ text: m.text, is_visible: true, is_active: true });
      else webApp.MainButton.hide();
      return;
    }
    const css = getComputedStyle(document.documentElement);
    post('web_app_setup_main_button', m ? {
      is_visible: true, is_active: true, text: m.text,
      color: css.getPropertyValue('--button').trim(), text_color: css.getPropertyValue('--button-text').trim(),
    } : { is_visible: false });
  }
  function mainPressed() { if (P.main && !P.busy) tap(P.main.body); }
  P.pressMain = mainPressed;
  if (webApp && webApp.MainButton) webApp.MainButton.onClick(mainPressed);
  else {
    const tg = (window.Telegram = window.Telegram || {});
    const view = (tg.WebView = tg.WebView || {});
    const prev = view.receiveEvent;
    view.receiveEvent = (type, data) => {
      if (type === 'main_button_pressed') mainPressed();
      if (prev) prev(type, data);
    };
    window.addEventListener('message', (e) => {
      let d = null;
      try { d = typeof e.data === 'string' ? JSON.parse(e.data) : e.data; } catch (err) { d = null; }
      if (d && d.eventType === 'main_button_pressed') mainPressed();
    });
  }

  // The replay in the page: the stored record's pictures (the chat animation's pace), with
  // play/pause, a progress bar to seek and a step either way. Frames keep arriving
  // meanwhile; the board shows the replay until it is closed.
  async function openReplay(game) {
    if (P.replay) return;
    const query = typeof game === 'string' ? '?game=' + encodeURIComponent(game) : '';
    const res = await fetch(base + '/api/replay' + query, { headers: { Authorization: 'tma ' + initData }, cache: 'no-store' });
    let d = {};
    try { d = await res.json(); } catch (e) { d = {}; }
    if (!res.ok || !d.frames) { toast(d.error || '…'); notify(); return; }
    await ensureBoard(d.arms);
    P.replay = { data: d, i: 0, playing: true, ended: false, timer: 0, shown: 0, game: query ? game : null };
    section('earlier').hidden = true;
    $('board').style.display = '';
    if ($('board').scrollIntoView) $('board').scrollIntoView({ block: 'start' });
    const box = section('replay');
    box.hidden = false;
    box.textContent = '';
    const bar = document.createElement('input');
    bar.type = 'range';
    bar.min = '0';
    bar.max = String(d.frames.length - 1);
    bar.value = '0';
    bar.id = 'replay-bar';
    bar.addEventListener('input', () => { pause(); showReplay(Number(bar.value)); });
    const row = document.createElement('div');
    row.className = 'replay-controls';
    const ctl = (id, label, fn) => {
      const b = document.createElement('button');
      b.type = 'button';
      b.id = id;
      b.textContent = label;
      b.addEventListener('click', fn);
      row.appendChild(b);
    };
    ctl('replay-back', '⏮', () => { pause(); showReplay(P.replay.i - 1); });
    ctl('replay-play', '⏸', () => (P.replay.playing ? pause() : play()));
    ctl('replay-next', '⏭', () => { pause(); showReplay(P.replay.i + 1); });
    ctl('replay-close', '✕', closeReplay);
    const cap = document.createElement('p');
    cap.id = 'replay-caption';
    box.append(bar, row, cap);
    $('actions').style.display = 'none';
    showReplay(0);
    play();
  }
  function showReplay(i) {
    const r = P.replay;
    if (!r) return;
    const n = r.data.frames.length;
    r.i = Math.max(0, Math.min(n - 1, i));
    const fr = r.data.frames[r.i];
    const scene = $('scene');
    if (scene) scene.innerHTML = fr.scene;
    const taps = $('taps');
    if (taps) taps.textContent = '';
    $('replay-bar').value = String(r.i);
    r.shown += 1;
    r.ended = r.i === n - 1;
    const order = r.data.order.map((o, k) => (k + 1) + '. ' + o.name).join('  ');
    $('replay-caption').textContent = r.ended ? r.data.caption + '\n' + order : (r.i + 1) + ' / ' + n;
    notify();
  }
  function play() {
    const r = P.replay;
    if (!r) return;
    if (r.ended) showReplay(0);
    r.playing = true;
    $('replay-play').textContent = '⏸';
    clearTimeout(r.timer);
    const next = () => {
      if (!P.replay || !r.playing) return;
      if (r.i >= r.data.frames.length - 1) { pause(); return; }
      showReplay(r.i + 1);
      r.timer = setTimeout(next, r.data.frames[r.i].ms);
    };
    r.timer = setTimeout(next, r.data.frames[r.i].ms);
    notify();
  }
  function pause() {
    const r = P.replay;
    if (!r) return;
    r.playing = false;
    clearTimeout(r.timer);
    $('replay-play').textContent = '▶';
    notify();
  }
  function closeReplay() {
    if (!P.replay) return;
    clearTimeout(P.replay.timer);
    P.replay = null;
    section('replay').hidden = true;
    $('actions').style.display = '';
    if (P.state) render(P.state);
  }
  P.openReplay = openReplay;

  // The group's season: hidden when it has none. Its texts are the chat's language; names
  // as typed (set as text, never as HTML).
  async function loadSeason() {
    let d = null;
    try {
      const res = await fetch(base + '/api/season', { headers: { Authorization: 'tma ' + initData }, cache: 'no-store' });
      d = res.ok ? await res.json() : null;
    } catch (e) { d = null; }
    if (d) { P.season = d; seasonView(d); }
    P.seasonLoads = (P.seasonLoads || 0) + 1;
    notify();
  }
  P.loadSeason = loadSeason;
  // Asked once a page, when the server has let the viewer in (the stream's hello, or a
  // place without a game): a refused page asks nothing more.
  function seasonOnce() {
    if (P.seasonAsked) return;
    P.seasonAsked = true;
    loadSeason();
  }
  function el(tag, cls, text) {
    const e = document.createElement(tag);
    if (cls) e.className = cls;
    if (text != null) e.textContent = text;
    return e;
  }
  function seasonView(d) {
    const box = $('season');
    box.textContent = '';
    box.hidden = !d.season;
    if (!d.season) return;
    const head = el('h2', 'season-head');
    head.append(el('span', 'title', d.title), el('span', 'week', d.week_text ? ' · ' + d.week_text : ''));
    box.append(head, el('p', 'season-status', d.status));
    if (d.fixture) {
      const card = el('div', 'fixture');
      card.append(el('p', 'fixture-text', d.fixture.text), el('p', 'fixture-state', d.fixture.state));
      box.appendChild(card);
    } else if (d.mine) {
      box.appendChild(el('p', 'mine', d.mine));
    }
    const table = el('table', 'standings');
    table.appendChild(el('caption', '', d.standings));
    const hr = el('tr');
    hr.append(el('th', 'rank', '#'), el('th', 'up', ''), el('th', 'name', d.cols.player), el('th', 'games', d.cols.games), el('th', 'points', d.cols.points));
    const thead = el('thead');
    thead.appendChild(hr);
    const tbody = el('tbody');
    for (const r of d.rows) {
      const tr = el('tr', (r.you ? 'you ' : '') + (r.ranked ? '' : 'unranked'));
      if (r.you) tr.setAttribute('aria-current', 'true');
      const up = r.up > 0 ? '▲' + r.up : r.up < 0 ? '▼' + -r.up : '';
      tr.append(el('td', 'rank', r.ranked ? r.rank : '–'), el('td', 'up ' + (r.up > 0 ? 'rise' : r.up < 0 ? 'fall' : ''), up),
        el('td', 'name', r.name), el('td', 'games', String(r.games)), el('td', 'points', r.points));
      tbody.appendChild(tr);
    }
    table.append(thead, tbody);
    box.appendChild(table);
    if (d.unranked) box.appendChild(el('p', 'unranked-note', d.unranked));
    box.appendChild(el('p', 'settings', d.settings));
  }

  // The piece that moved travels its path to where the new frame shows it.
  function animate(anim) {
    const pts = anim.pts || [];
    if (pts.length < 2) return;
    const end = pts[pts.length - 1];
    const pieces = $('scene').querySelectorAll('g.pc');
    let el = null;
    for (const g of pieces) {
      if (g.dataset.c === anim.c && Math.abs(g.dataset.x - end[0]) < 1.5 && Math.abs(g.dataset.y - end[1]) < 1.5) el = g;
    }
    if (!el || !el.animate) return;
    const frames = pts.map((p) => ({ transform: 'translate(' + (p[0] - end[0]) + 'px,' + (p[1] - end[1]) + 'px)' }));
    el.animate(frames, { duration: Math.min(900, 70 * pts.length + 150), easing: 'ease-in-out' });
    P.animated += 1;
  }

  function mine() {
    const f = P.state;
    return !!(f && P.you && P.you.colour && f.turn === P.you.colour && f.stage === 'playing');
  }

  // The buttons under the board, made anew from every state but kept as elements: a
  // button that stays (the same kind at the same place) is updated in place, never
  // replaced, so a state arriving while a finger is on it (someone else joins) does not
  // take the tap away from under the finger.
  function controls() {
    const f = P.state;
    const taps = $('taps');
    const wanted = [];
    if (taps) taps.textContent = '';
    if (!f) { syncActions(wanted); mainButton(null); return; }
    lobbyView(f);
    choicesView(f);
    overView(f);
    earlierView(f);
    mainButton(obvious(f));
    if (f.stage !== 'playing') {
      $('turn').textContent = '';
      for (const b of offered(f)) wanted.push(button(b.label, 'btn ' + b.kind, { do: 'button', data: b.data }));
      if (f.replay) wanted.push({ key: 'btn replay', label: f.replay_label, cls: 'btn replay', act: openReplay });
      syncActions(wanted);
      return;
    }
    const my = mine();
    $('turn').textContent = my ? (f.phase === 'roll' ? P.texts.your_turn_roll : f.phase === 'move' ? P.texts.your_turn_move : '') || '' : '';
    if (!my) { syncActions(wanted); return; }
    if (f.roll) wanted.push(button(f.roll_label, 'roll', { do: 'roll' }));
    if (f.phase !== 'move') { syncActions(wanted); return; }
    const r = targetRadius(f);
    // A ring stays whole on the board: at an edge its centre moves in (it still encloses
    // the square, and a tap is matched to the square itself, see onBoard).
    const inside = (v) => Math.min(Math.max(v, r + 3), f.size - r - 3);
    for (const m of f.moves) {
      const body = { do: 'move', index: m.index, from: m.from, to: m.to };
      wanted.push(button(m.label, 'mv', body));
      if (!taps) continue;
      for (const at of [m.start, m.at]) {
        if (!at) continue;
        const c = document.createElementNS(SVGNS, 'circle');
        c.setAttribute('cx', inside(at[0]));
        c.setAttribute('cy', inside(at[1]));
        c.setAttribute('r', r);
        c.dataset.n = m.n;
        taps.appendChild(c);
      }
    }
    syncActions(wanted);
  }

  function button(label, cls, body) {
    return { key: cls, label, cls, act: () => tap(body) };
  }

  // `el`'s children made to be `items` ({key, ...}) in order: a child of the same key (the
  // n-th of that key) is kept and given the item by `update`, others made by `make`; the
  // rest removed.
  function sync(el, items, make, update) {
    const old = new Map();
    for (const c of [...el.children]) {
      const list = old.get(c.dataset.key) || [];
      list.push(c);
      old.set(c.dataset.key, list);
    }
    items.forEach((it, i) => {
      const list = old.get(it.key);
      let c = list && list.shift();
      if (!c) { c = make(it); c.dataset.key = it.key; }
      update(c, it);
      if (el.children[i] !== c) el.insertBefore(c, el.children[i] || null);
    });
    for (const list of old.values()) for (const c of list) c.remove();
  }
  function syncActions(items) {
    sync($('actions'), items, () => {
      const b = document.createElement('button');
      b.type = 'button';
      b.addEventListener('click', () => { if (b.act) b.act(); });
      return b;
    }, (b, it) => {
      if (b.className !== it.cls) b.className = it.cls;
      if (b.textContent !== it.label) b.textContent = it.label;
      b.act = it.act;
      b.disabled = !!P.busy;
    });
  }

  // A tap's answer (a roll, a refusal) speaks of the state it was given on: shown until a
  // newer state arrives (then it is old news: a later move's page never shows an earlier
  // roll), or 4 s at most; never shown when the page already shows a newer state.
  let toastTimer = 0;
  let toastV = -1;
  function toast(text, v) {
    const t = $('toast');
    const shown = P.state ? P.state.v : 0;
    toastV = Math.max(v || 0, shown);
    clearTimeout(toastTimer);
    t.textContent = text;
    t.hidden = !text || (v != null && v < shown);
    toastTimer = setTimeout(() => { t.hidden = true; }, 4000);
  }
  function toastAfter(f) {
    if (f.v > toastV) $('toast').hidden = true;
  }

  // A tap: the same action as the chat's button, on the state this page shows.
  async function tap(body) {
    if (P.busy || !P.state) return null;
    P.busy = true;
    for (const b of $('actions').querySelectorAll('button')) b.disabled = true;
    const sent = Object.assign({ seq: P.state.seq }, body);
    let status = 0;
    let d = {};
    try {
      const res = await fetch(base + '/api/act', {
        method: 'POST',
        headers: { Authorization: 'tma ' + initData, 'Content-Type': 'application/json' },
        body: JSON.stringify(sent),
      });
      status = res.status;
      d = await res.json();
    } catch (e) { d = { ok: false, error: P.texts.reconnecting || '…' }; }
    P.busy = false;
    for (const b of $('actions').querySelectorAll('button')) b.disabled = false;
    P.taps.push(Object.assign({ status }, d));
    if (d.ok) { haptic('light'); toast(d.text || '', d.v); } else { haptic('error'); toast(d.error || '…'); }
    notify();
    return d;
  }
  P.act = tap;

  connect();
})();
