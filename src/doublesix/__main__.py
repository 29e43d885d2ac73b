from doublesix.cli.main import main

raise SystemExit(main())
