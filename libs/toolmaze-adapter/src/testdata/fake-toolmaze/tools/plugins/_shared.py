raise RuntimeError("modules starting with _ are not plug-ins and must not be loaded")
