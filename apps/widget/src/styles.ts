/** The widget's styles, inside its shadow root: the host page's CSS cannot reach in, and these cannot leak out. */
export const STYLES = `
:host { all: initial; }
* { box-sizing: border-box; }
.root { position: fixed; right: 20px; bottom: 20px; z-index: 2147483000; font: 14px/1.4 system-ui, -apple-system, "Segoe UI", Roboto, Helvetica, Arial, sans-serif; color: #1f2933; }
.launcher { width: 56px; height: 56px; border-radius: 50%; border: 0; cursor: pointer; background: var(--accent); color: #fff; box-shadow: 0 4px 14px rgba(0,0,0,.25); display: flex; align-items: center; justify-content: center; position: relative; }
.launcher[hidden] { display: none; }
.launcher svg { width: 28px; height: 28px; fill: currentColor; }
.launcher:focus-visible, button:focus-visible, textarea:focus-visible, input:focus-visible { outline: 2px solid var(--accent); outline-offset: 2px; }
.badge { position: absolute; top: -4px; right: -4px; min-width: 20px; height: 20px; border-radius: 10px; background: #e03131; color: #fff; font-size: 12px; font-weight: 700; display: flex; align-items: center; justify-content: center; padding: 0 5px; }
.badge[hidden] { display: none; }
.panel { position: absolute; right: 0; bottom: 72px; width: 360px; max-width: calc(100vw - 40px); height: 520px; max-height: calc(100vh - 120px); background: #fff; border-radius: 14px; box-shadow: 0 10px 40px rgba(0,0,0,.25); display: flex; flex-direction: column; overflow: hidden; }
.panel[hidden] { display: none; }
.header { background: var(--accent); color: #fff; padding: 14px 16px; display: flex; align-items: center; justify-content: space-between; gap: 8px; }
.title { font-weight: 600; font-size: 16px; overflow: hidden; text-overflow: ellipsis; white-space: nowrap; }
.close { background: transparent; border: 0; color: #fff; font-size: 22px; line-height: 1; cursor: pointer; padding: 0 4px; }
.status { background: #fff3bf; color: #5c3c00; font-size: 12px; padding: 4px 12px; text-align: center; }
.status[hidden] { display: none; }
.form { padding: 20px 16px; display: flex; flex-direction: column; gap: 10px; overflow-y: auto; }
.form p { margin: 0 0 6px; }
.form input { width: 100%; padding: 10px 12px; border: 1px solid #ced4da; border-radius: 8px; font: inherit; color: inherit; background: #fff; }
.primary { background: var(--accent); color: #fff; border: 0; border-radius: 8px; padding: 10px 14px; font: inherit; font-weight: 600; cursor: pointer; }
.primary:disabled { opacity: .6; cursor: default; }
.error { color: #c92a2a; font-size: 13px; min-height: 1em; }
.chat { display: flex; flex-direction: column; flex: 1; min-height: 0; }
.chat[hidden], .form[hidden] { display: none; }
.log { flex: 1; overflow-y: auto; padding: 12px; display: flex; flex-direction: column; gap: 6px; background: #f8f9fa; }
.msg { max-width: 80%; padding: 8px 10px; border-radius: 12px; white-space: pre-wrap; word-wrap: break-word; overflow-wrap: anywhere; }
.msg.agent { align-self: flex-start; background: #fff; border: 1px solid #e9ecef; border-bottom-left-radius: 4px; }
.msg.visitor { align-self: flex-end; background: var(--accent); color: #fff; border-bottom-right-radius: 4px; }
.msg.visitor a { color: #fff; }
.msg.deleted { font-style: italic; opacity: .7; }
.msg.failed { background: #ffe3e3; color: #c92a2a; cursor: pointer; }
.meta { font-size: 11px; opacity: .75; margin-top: 2px; text-align: right; }
.msg img, .msg video { display: block; max-width: 100%; max-height: 220px; border-radius: 8px; margin-bottom: 4px; }
.msg audio { max-width: 100%; }
.composer { display: flex; align-items: flex-end; gap: 6px; padding: 8px; border-top: 1px solid #e9ecef; background: #fff; }
.composer textarea { flex: 1; resize: none; border: 1px solid #ced4da; border-radius: 8px; padding: 8px 10px; font: inherit; color: inherit; max-height: 120px; min-height: 38px; background: #fff; }
.icon { background: transparent; border: 0; cursor: pointer; padding: 6px; color: #495057; display: flex; }
.icon svg { width: 22px; height: 22px; fill: currentColor; }
.send { color: var(--accent); }
.hidden-input { display: none; }
.root.narrow { right: 12px; bottom: 12px; }
.root.narrow .panel { position: fixed; inset: 0; width: 100%; max-width: 100%; height: 100%; max-height: 100%; border-radius: 0; }
`;
