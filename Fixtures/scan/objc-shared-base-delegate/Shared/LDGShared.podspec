Pod::Spec.new do |s|
  s.name         = 'LDGShared'
  s.version      = '2.3.0'
  s.summary      = 'Launch code shared by the company apps.'
  s.homepage     = 'https://example.com/ledger'
  s.license      = { :type => 'Proprietary' }
  s.author       = 'Ledger mobile team'
  s.source       = { :path => '.' }
  s.platform     = :ios, '15.0'
  s.source_files = '*.{h,m}'
end
