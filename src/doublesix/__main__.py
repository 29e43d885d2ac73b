from doublesix.cli import main

raise SystemExit(main())
