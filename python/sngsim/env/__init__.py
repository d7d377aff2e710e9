"""Training environments over whole sit-and-gos (docs/environment.md).

- ``sngsim.env.sit_and_go_v0.env(...)``: a PettingZoo AEC environment whose
  agents are the learning seats (needs pettingzoo and gymnasium).
- ``sngsim.env.SitAndGoVectorEnv(num_envs, ...)``: N tables stepped at once
  with numpy arrays, in the shape of Gymnasium's vector API (numpy only).
"""

from sngsim.env._config import OBSERVATION_SIZE, table_config
from sngsim.env.vector import SitAndGoVectorEnv

__all__ = ["OBSERVATION_SIZE", "SitAndGoVectorEnv", "table_config"]
