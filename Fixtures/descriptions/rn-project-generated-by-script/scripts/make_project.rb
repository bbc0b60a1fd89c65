# Writes ios/Tillr.xcodeproj with the xcodeproj gem. scenesweep never runs it.
require 'xcodeproj'
project = Xcodeproj::Project.new('ios/Tillr.xcodeproj')
target = project.new_target(:application, 'Tillr', :ios, '15.1')
project.save
