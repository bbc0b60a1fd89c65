import ProjectDescription

let workspace = Workspace(name: "Lumen", projects: ["Apps/*"])
