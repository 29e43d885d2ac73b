// The app's state in one place. An EventTarget: views listen for "change" and render from
// `store.state`; the socket, the buttons and the timers are only inputs that call `update()`.

export class Store extends EventTarget {
  constructor(initial) {
    super();
    this.state = { ...initial };
  }

  update(patch) {
    const before = this.state;
    this.state = { ...before, ...patch };
    this.dispatchEvent(new CustomEvent("change", { detail: { before, patch } }));
  }
}
