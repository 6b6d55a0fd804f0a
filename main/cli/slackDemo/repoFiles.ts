// The `calibrate` repository's history, commit by commit. Each entry lists the files it writes (whole contents).

export interface CommitPlan {
  by: string;
  at: string; // YYYY-MM-DD HH:MM, UTC
  subject: string;
  files: Record<string, string>;
}

const config = (opts: { lr: string; excluded: boolean; heater: boolean }) => `# Default training configuration for the calibration model.
model:
  hidden_units: 64
  layers: 2
training:
  learning_rate: ${opts.lr}
  epochs: 200
  batch_size: 256
  seed: 17
sites:
  training: [MK-01, RV-02, NG-03, LB-04, PK-05, SC-06${opts.excluded ? '' : ', HR-07'}]
${opts.excluded ? '  # HR-07 sits next to the bus depot exhaust vent; logged, but kept out of training and validation.\n  excluded: [HR-07]\n' : ''}hardware:
  inlet_heater: ${opts.heater}
`;

const readme = (typos: boolean) => `# calibrate

Calibration models for Aerolab's low-cost PM2.5 sensors, trained against the reference monitors at the co-location
sites. ${typos ? 'Sensors report every minute; the loader aggregates to 5 minutes for trainig.' : 'Sensors report every minute; the loader aggregates to 5 minutes for training.'}

    pip install -e .
    python -m calibrate.model --config config/default.yaml

Site ids, reference monitors and maintenance are described in the field protocol (lab documents).
`;

export const commitPlan: CommitPlan[] = [
  {
    by: 'jonas', at: '2024-09-03 14:10', subject: 'Initial project layout',
    files: {
      'README.md': readme(true),
      'pyproject.toml': '[project]\nname = "calibrate"\nversion = "0.1.0"\nrequires-python = ">=3.10"\ndependencies = ["numpy", "pandas", "pyyaml", "torch"]\n',
      'calibrate/__init__.py': '"""Calibration models for low-cost PM2.5 sensors."""\n',
      'calibrate/model.py': `import torch.nn as nn


class Calibrator(nn.Module):
    """Maps raw sensor features to reference-equivalent PM2.5."""

    def __init__(self, n_features: int, hidden_units: int = 64, layers: int = 2):
        super().__init__()
        blocks, width = [], n_features
        for _ in range(layers):
            blocks += [nn.Linear(width, hidden_units), nn.ReLU()]
            width = hidden_units
        self.net = nn.Sequential(*blocks, nn.Linear(width, 1))

    def forward(self, x):
        return self.net(x).squeeze(-1)
`,
      'config/default.yaml': config({ lr: '3.0e-4', excluded: false, heater: true }),
    },
  },
  {
    by: 'priya', at: '2024-09-12 11:45', subject: 'Add humidity correction features',
    files: {
      'calibrate/features.py': `import numpy as np


def hygroscopic_growth(rh: np.ndarray, kappa: float = 0.4) -> np.ndarray:
    """Growth factor of particles with relative humidity (kappa-Koehler, simplified)."""
    rh = np.clip(rh, 0, 99) / 100
    return (1 + kappa * rh / (1 - rh)) ** (1 / 3)


def features(frame):
    out = frame[["pm25_raw", "temperature", "relative_humidity"]].copy()
    out["growth"] = hygroscopic_growth(frame["relative_humidity"].to_numpy())
    return out
`,
    },
  },
  {
    by: 'jonas', at: '2024-09-25 16:30', subject: 'Loader for the 1-minute sensor feeds',
    files: {
      'calibrate/loader.py': `import pandas as pd


def load_feed(path: str, every: str = "5min") -> pd.DataFrame:
    """Reads a site's 1-minute feed and aggregates it."""
    frame = pd.read_parquet(path)
    return frame.set_index("time").resample(every).mean().dropna(how="all")
`,
    },
  },
  {
    by: 'aiko', at: '2024-10-01 13:20', subject: 'Add learning-rate sweep script',
    files: {
      'scripts/lr_sweep.py': `"""Sweeps the learning rate over a grid, five seeds each, and writes validation RMSE per run."""
GRID = [1e-3, 3e-4, 1e-4, 3e-5]
SEEDS = range(5)
`,
    },
  },
  {
    by: 'tomas', at: '2024-10-10 10:05', subject: 'Drop HR-07 from training sites (bus depot exhaust)',
    files: { 'config/default.yaml': config({ lr: '3.0e-4', excluded: true, heater: true }) },
  },
  {
    by: 'aiko', at: '2024-10-17 14:50', subject: 'Lower default learning rate to 1e-4 after sweep',
    files: { 'config/default.yaml': config({ lr: '1.0e-4', excluded: true, heater: true }) },
  },
  {
    by: 'ben', at: '2024-10-22 10:00', subject: 'Flag NG-03 outage window (14-18 Oct) as missing',
    files: {
      'data/missing_windows.csv': 'site,start_utc,end_utc,reason\nNG-03,2024-10-14T03:38Z,2024-10-18T11:20Z,water ingress; enclosure replaced\n',
    },
  },
  {
    by: 'clara', at: '2024-11-06 15:15', subject: 'Script for the paper figures',
    files: {
      'scripts/paper_figures.py': `"""Figures for the SenSus paper: per-site RMSE, residuals by hour, site map."""
SITES = ["MK-01", "RV-02", "NG-03", "LB-04", "PK-05", "SC-06"]
`,
    },
  },
  { by: 'leo', at: '2024-11-20 09:40', subject: 'Fix typos in README', files: { 'README.md': readme(false) } },
  {
    by: 'jonas', at: '2024-12-02 11:05', subject: 'Disable inlet heater by default to save power',
    files: { 'config/default.yaml': config({ lr: '1.0e-4', excluded: true, heater: false }) },
  },
];
